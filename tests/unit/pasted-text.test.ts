/**
 * Text pasted from WhatsApp, Word or a web page brings invisible characters along (zero-width
 * spaces, joiners, a byte-order mark). Text of nothing but those is empty, with the field's
 * "required" message, never an invisible project title, name or message; the characters are
 * trimmed at the ends like spaces, and kept inside text where they join emoji (docs/product.md,
 * Messages and errors).
 */
import { describe, expect, it } from "vitest";
import { messageSchema, nameSchema, projectListQuerySchema, projectSchema, proposalSchema, trimText } from "../../shared/schemas";
import { proposalBody } from "../support/factories";
import { projectInput } from "../support/fixtures";

const ZW = "\u200b";
const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  // The first message of each field, as the API and the forms show it.
  Object.fromEntries((r.error?.issues ?? []).toReversed().map((i) => [i.path.join("."), i.message]));

describe("pasted invisible characters", () => {
  it("a project title, description or feature of zero-width spaces only is empty", () => {
    expect(issues(projectSchema.safeParse(projectInput({ title: ZW.repeat(6), description: `\ufeff${ZW.repeat(60)}\u2060` })))).toEqual({
      title: "Project title is required",
      description: "Project description is required",
    });
    const ok = projectSchema.safeParse(projectInput({ title: `${ZW}Spaza stock app${ZW}`, features: [ZW, "\u200d", " Stock counts\u200b"] }));
    expect(ok.success && { title: ok.data.title, features: ok.data.features }).toEqual({ title: "Spaza stock app", features: ["Stock counts"] });
  });

  it("a name, message or cover letter of invisible characters only is empty", () => {
    expect(nameSchema.safeParse(`${ZW}${ZW}${ZW}`).error?.issues[0]?.message).toBe("Name is required");
    expect(messageSchema.safeParse({ body: `\r\n${ZW}\r\n${ZW}` }).error?.issues[0]?.message).toBe("Message cannot be empty");
    expect(issues(proposalSchema.safeParse(proposalBody(18000, { coverLetter: ZW.repeat(120) })))).toEqual({ coverLetter: "Cover letter is required" });
  });

  it("keeps isiZulu, Afrikaans, emoji sequences and joiners inside the text", () => {
    const family = "👨\u200d👩\u200d👧";
    expect(trimText(`  Sawubona ${family} ŉ Zoë se ê \u200d`)).toBe(`Sawubona ${family} ŉ Zoë se ê`);
    const named = nameSchema.safeParse("Zoë van der Merwe-Nkosi");
    expect(named.success && named.data).toBe("Zoë van der Merwe-Nkosi");
  });

  it("counts a line break as one character, as the text box did: a message at the limit sent without JavaScript (CRLF) is taken", () => {
    const line = `${"Sawubona, ek is hier. ".repeat(4)}\r\n`;
    let body = "";
    while (body.length + line.length <= 5000) body += line;
    const typed = body.replaceAll("\r\n", "\n");
    const full = `${typed}${"x".repeat(5000 - typed.length)}`;
    const sent = full.replaceAll("\n", "\r\n");
    expect(sent.length).toBeGreaterThan(5000);
    const r = messageSchema.safeParse({ body: sent });
    expect(r.success && r.data.body).toBe(full);
    expect(messageSchema.safeParse({ body: `${sent}x` }).error?.issues[0]?.message).toBe("Message must be at most 5,000 characters");
    const cover = proposalSchema.safeParse(proposalBody(18000, { coverLetter: `${"I build offline-first apps.\r\n".repeat(4)}\r\nDone.` }));
    expect(cover.success && cover.data.coverLetter).toBe(`${"I build offline-first apps.\n".repeat(4)}\nDone.`);
  });

  it("stores and searches letters with diacritics composed, however they were typed", () => {
    const decomposed = "Zoe\u0308 Pie\u0301naar";
    const named = nameSchema.safeParse(decomposed);
    expect(named.success && named.data).toBe("Zoë Piénaar");
    expect(projectListQuerySchema.parse({ search: "Zoe\u0308" }).search).toBe("Zoë");
  });

  it("a bidirectional override (text shown backwards) is refused in a name, a title and a message; Arabic and Hebrew text is not", () => {
    // U+202E shows "Thabo\u202Eexe.gpj" as "Thabojpg.exe": a name or a link that reads as something else.
    expect(nameSchema.safeParse("Thabo \u202Eiboksam").error?.issues[0]?.message).toBe("Name cannot contain control characters");
    expect(issues(projectSchema.safeParse(projectInput({ title: "Invoice app \u2066for\u2069 salons" })))).toEqual({
      title: "Title cannot contain control characters",
    });
    expect(messageSchema.safeParse({ body: "See invoice\u202Efdp.exe\nThanks" }).error?.issues[0]?.message).toBe("Message cannot contain control characters");
    expect(nameSchema.safeParse("سارة שרה").success).toBe(true);
  });
});
