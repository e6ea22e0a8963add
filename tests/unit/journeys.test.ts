/**
 * docs/product.md, Journeys: the rules behind the journey fixes that need no browser: counts through
 * Intl.PluralRules, password confirmation shown with every other field's message, and a project
 * locked for editing once a developer is hired.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError } from "../../server/errors";
import { getProject, updateProject } from "../../server/projects/service";
import { MAX_YEARS_AHEAD } from "../../shared/constants";
import { countLabel, latestDateIso, todayIso } from "../../shared/format";
import { projectEditRefusal } from "../../shared/policies";
import { changePasswordSchema, developerProfileSchema, projectEditSchema, projectSchema, registerSchema, resetPasswordSchema } from "../../shared/schemas";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeHire, makeProject } from "../support/factories";

describe("countLabel", () => {
  it("uses the singular for one only", () => {
    expect(countLabel(0, "proposal")).toBe("0 proposals");
    expect(countLabel(1, "proposal")).toBe("1 proposal");
    expect(countLabel(2, "project")).toBe("2 projects");
    expect(countLabel(1, "person", "people")).toBe("1 person");
    expect(countLabel(3, "person", "people")).toBe("3 people");
  });
});

describe("password confirmation", () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

  it("shows 'Passwords do not match' while other fields are still invalid", () => {
    const register = issues(registerSchema.safeParse({ name: "", email: "nope", password: "Kalahari-Quokka-42", confirmPassword: "Lantern-Okapi-58" }));
    expect(register).toContain("confirmPassword: Passwords do not match");
    expect(register).toContain("name: Name is required");
    expect(issues(resetPasswordSchema.safeParse({ token: "", password: "Kalahari-Quokka-42", confirmPassword: "x" }))).toContain(
      "confirmPassword: Passwords do not match",
    );
    expect(issues(changePasswordSchema.safeParse({ currentPassword: "", newPassword: "Kalahari-Quokka-42", confirmPassword: "x" }))).toContain(
      "confirmPassword: Passwords do not match",
    );
  });

  it("says nothing about matching while the confirmation is empty, and passes when both agree", () => {
    expect(issues(registerSchema.safeParse({ name: "", password: "Kalahari-Quokka-42", confirmPassword: "" }))).not.toContain(
      "confirmPassword: Passwords do not match",
    );
    expect(
      registerSchema.safeParse({
        name: "Thandi Nkosi",
        email: "thandi@example.co.za",
        password: "Kalahari-Quokka-42",
        confirmPassword: "Kalahari-Quokka-42",
        terms: true,
      }).success,
    ).toBe(true);
  });
});

describe("form input", () => {
  it("completes a bare link with https://, refuses other schemes, a past deadline and a future start date", () => {
    const profile = developerProfileSchema.parse({ links: { github: "github.com/thabo", linkedin: "", website: "" } });
    expect(profile.links.github).toBe("https://github.com/thabo");
    expect(developerProfileSchema.safeParse({ links: { website: "http://example.co.za" } }).success).toBe(false);
    expect(developerProfileSchema.safeParse({ links: { website: "javascript:alert(1)" } }).success).toBe(false);
    const base = { title: "Clinic app", description: "x".repeat(60), platform: "mobile", budgetRange: "R5000-R15000", timeline: "1-2" };
    expect(projectSchema.safeParse({ ...base, deadline: "2020-01-01" }).error?.issues[0]?.message).toBe("Deadline cannot be in the past");
    expect(projectSchema.safeParse({ ...base, deadline: todayIso() }).success).toBe(true);
    // A year typed wrong is refused; MAX_YEARS_AHEAD years on is the last day accepted.
    expect(projectSchema.safeParse({ ...base, deadline: "9999-12-31" }).error?.issues[0]?.message).toBe(`Deadline must be within ${MAX_YEARS_AHEAD} years`);
    const last = latestDateIso();
    expect(last.slice(5)).toBe(todayIso().slice(5));
    expect(Number(last.slice(0, 4)) - Number(todayIso().slice(0, 4))).toBe(MAX_YEARS_AHEAD);
    expect(projectSchema.safeParse({ ...base, deadline: last }).success).toBe(true);
    const later = last.endsWith("-12-31") ? `${Number(last.slice(0, 4)) + 1}-01-01` : `${last.slice(0, 4)}-12-31`;
    expect(projectSchema.safeParse({ ...base, deadline: later }).success).toBe(false);
    // A saved deadline further out than that (saved before this rule) stays editable around.
    expect(projectEditSchema("9999-12-31").safeParse({ ...base, deadline: "9999-12-31" }).success).toBe(true);
    const future = developerProfileSchema.safeParse({ experience: [{ title: "Developer", company: "Takealot", startDate: "2999-01" }] });
    expect(future.error?.issues[0]?.message).toBe("Start date cannot be in the future");
  });
});

describe("projectEditRefusal", () => {
  it("locks a project once a developer is hired, and after completion", () => {
    expect(projectEditRefusal({ status: "active", hiredDeveloperId: null })).toBeNull();
    expect(projectEditRefusal({ status: "closed", hiredDeveloperId: null })).toBeNull();
    expect(projectEditRefusal({ status: "in_progress", hiredDeveloperId: "d" })?.status).toBe(409);
    expect(projectEditRefusal({ status: "completed", hiredDeveloperId: "d" })?.status).toBe(409);
  });
});

describe.each(DB_KINDS)("editing a project on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it("an open project can be edited; a hired or completed one cannot, and keeps its budget", async () => {
    const client = await makeClient(t.database.db);
    const open = await makeProject(t.database.db, client);
    expect((await updateProject(t.database.db, client, open.id, { budgetRange: "R75000+" })).budgetMin).toBe(75000);

    for (const completed of [false, true]) {
      const hire = await makeHire(t.domain, { completed });
      const before = await getProject(t.database.db, hire.project.id);
      await expect(updateProject(t.database.db, hire.client, hire.project.id, { budgetRange: "R75000+" })).rejects.toBeInstanceOf(ConflictError);
      expect((await getProject(t.database.db, hire.project.id)).budgetMin).toBe(before.budgetMin);
    }
  });
});
