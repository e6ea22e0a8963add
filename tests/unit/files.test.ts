/**
 * Files (docs/product.md, Files): uploads checked by their bytes, the size limit and the quota
 * (also under concurrent uploads), GPS metadata stripped from photos, downloads authorised per
 * request with safe headers, and files deleted with their message, project or account (POPIA).
 */
import { eq, sql } from "drizzle-orm";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MAX_BYTES, FILE_QUOTA_BYTES, FILE_TOO_LARGE_MESSAGE, FILE_QUOTA_MESSAGE, FILE_TYPE_MESSAGE } from "../../shared/constants";
import { conversations, fileDeletions, files } from "../../server/db/schema";
import { domainDeps, type SessionUser } from "../../server/context";
import { sweepFiles, type FileInfo } from "../../server/files/service";
import { messageAt } from "../../server/messages/service";
import { queueUnreadMessageEmails } from "../../server/messages/unread-email";
import { apiClient, json, type CallOptions } from "../support/api";
import { APP_URL, createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";

/** Every file under `root`, as relative paths. */
async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

/** A JPEG photo carrying GPS coordinates and a camera model in its EXIF. */
async function photoWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Phone 12", Copyright: "Thandi" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 55/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "18/1 25/1 0/1" },
    })
    .toBuffer();
}

describe.each(DB_KINDS)("files on %s", (kind) => {
  let t: TestApp;
  let client: { cookie: string; user: SessionUser };
  let developer: { cookie: string; user: SessionUser };
  let outsider: { cookie: string; user: SessionUser };

  beforeAll(async () => {
    t = await createTestApp(kind);
    client = await t.signUp({ email: "files-client@example.co.za", name: "Thandi Client" });
    developer = await t.signUp({ email: "files-dev@example.co.za", name: "Sipho Dev", userType: "developer" });
    outsider = await t.signUp({ email: "files-outsider@example.co.za", name: "Olwethu Outsider" });
  });
  afterAll(() => t?.close());

  const call = (method: string, p: string, options: CallOptions = {}) => apiClient(t.app)(method, p, options);

  /** POST /api/v1/files as a browser form would. */
  function upload(cookie: string | undefined, name: string, bytes: Uint8Array | string, purpose?: string) {
    const form = new FormData();
    form.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type: "image/jpeg" }));
    if (purpose) form.set("purpose", purpose);
    return t.app.request("/api/v1/files", { method: "POST", body: form, headers: { origin: APP_URL, ...(cookie ? { cookie } : {}) } });
  }
  async function uploaded(cookie: string, name: string, bytes: Uint8Array | string, purpose?: string): Promise<FileInfo> {
    const res = await upload(cookie, name, bytes, purpose);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json<{ file: FileInfo }>(res)).file;
  }
  const rowsOf = async (ownerId: string) => t.database.db.select().from(files).where(eq(files.ownerId, ownerId));

  it("refuses a .jpg that is HTML or SVG with a script, by its bytes", async () => {
    const before = await filesUnder(t.filesRoot);
    for (const content of [
      "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    ]) {
      const res = await upload(client.cookie, "holiday.jpg", content);
      expect(res.status).toBe(415);
      expect((await json<{ error: { message: string; fields: Record<string, string> } }>(res)).error.fields.file).toBe(FILE_TYPE_MESSAGE);
    }
    // Even under a text name, markup is not plain text.
    expect((await upload(client.cookie, "notes.txt", "<html><script>alert(1)</script></html>")).status).toBe(415);
    // A real text file is fine, and an executable is not.
    const notes = await uploaded(client.cookie, "notes.txt", "Screens: login, dashboard, checkout.\n");
    expect(notes.mime).toBe("text/plain");
    expect((await upload(client.cookie, "setup.pdf", new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 0x04, 0, 0, 0, 0xff, 0xff]))).status).toBe(415);
    expect((await filesUnder(t.filesRoot)).length).toBe(before.length + 1);
  });

  it("refuses a file of 10 MB + 1 byte with the message and leaves nothing on disk or in the table", async () => {
    const user = await t.signUp({ email: `big-${kind}@example.co.za` });
    const before = await filesUnder(t.filesRoot);
    const big = new Uint8Array(FILE_MAX_BYTES + 1);
    big.set(Buffer.from("%PDF-1.4\n"));
    const res = await upload(user.cookie, "spec.pdf", big);
    expect(res.status).toBe(413);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await filesUnder(t.filesRoot)).toEqual(before);
    expect(await rowsOf(user.user.id)).toEqual([]);
    // Exactly 10 MB is accepted.
    const exact = await uploaded(user.cookie, "spec.pdf", big.subarray(0, FILE_MAX_BYTES));
    expect(exact.size).toBe(FILE_MAX_BYTES);
    // Signed out: 401 before the body is read.
    expect((await upload(undefined, "spec.pdf", "%PDF-1.4")).status).toBe(401);
  });

  it("re-encodes a photo to WebP widths without its GPS position or camera, also the kept full-size image", async () => {
    const input = await photoWithGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.includes(Buffer.from("Phone 12"))).toBe(true);

    const attachment = await uploaded(client.cookie, "site.jpg", input, "attachment");
    expect(attachment.isImage).toBe(true);
    expect(attachment.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
    const photo = await uploaded(client.cookie, "me.jpg", input, "photo");
    expect(photo.mime).toBe("image/webp");

    for (const url of [attachment.url, photo.url, ...attachment.variants.map((v) => v.url)]) {
      const res = await call("GET", url, { cookie: client.cookie });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(bytes.includes(Buffer.from("Phone 12"))).toBe(false);
      expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    }
    const small = await call("GET", attachment.variants[0]!.url, { cookie: client.cookie });
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
  });

  it("enforces the quota under concurrent uploads: only what fits is stored", async () => {
    const user = await t.signUp({ email: `quota-${kind}@example.co.za` });
    // What the storage held before (other tests' files, some maybe still queued for deletion).
    const storedBefore = new Set((await filesUnder(path.join(t.filesRoot, "files"))).map((f) => f.split(path.sep)[0]!));
    const pdf = new Uint8Array(200_000);
    pdf.set(Buffer.from("%PDF-1.4\n"));
    // Room for exactly two more of these files.
    await t.database.db.insert(files).values({
      ownerId: user.user.id,
      name: "filler.pdf",
      mime: "application/pdf",
      size: FILE_QUOTA_BYTES - 2 * pdf.length,
      sha256: "0".repeat(64),
      hasOriginal: true,
      targetType: "avatar",
      targetId: user.user.id,
    });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(user.cookie, `quote-${i}.pdf`, pdf)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 413, 413, 413, 413]);
    const refused = results.find((r) => r.status === 413)!;
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(FILE_QUOTA_MESSAGE);
    const [used] = await t.database.db
      .select({ bytes: sql<string>`sum(${files.size})` })
      .from(files)
      .where(eq(files.ownerId, user.user.id));
    expect(Number(used!.bytes)).toBe(FILE_QUOTA_BYTES);
    // No bytes of the refused uploads stayed in the storage: everything new belongs to a stored row.
    const stored = new Set((await filesUnder(path.join(t.filesRoot, "files"))).map((f) => f.split(path.sep)[0]!));
    for (const id of storedBefore) stored.delete(id);
    for (const row of await rowsOf(user.user.id)) stored.delete(row.id);
    expect([...stored]).toEqual([]);
  });

  it("sends files without text; no text and no file is still refused; the inbox, notice and email say what was sent", async () => {
    const sender = await t.signUp({ email: `files-only-${kind}@example.co.za`, name: "Naledi Sender" });
    const away = await t.signUp({ email: `files-only-away-${kind}@example.co.za`, name: "Away Reader", userType: "developer" });
    const started = await call("POST", "/api/v1/conversations", { body: { to: away.user.id, body: "Plans coming" }, cookie: sender.cookie });
    const { conversation } = await json<{ conversation: { id: string } }>(started);
    const path_ = `/api/v1/conversations/${conversation.id}/messages`;

    // Nothing at all, or blank text with no file: refused on body, nothing written.
    for (const body of [{}, { body: "   " }, { body: "", attachments: [] }]) {
      const empty = await call("POST", path_, { body, cookie: sender.cookie });
      expect(empty.status).toBe(400);
      expect((await json<{ error: { fields: Record<string, string> } }>(empty)).error.fields.body).toBe("Message cannot be empty");
    }
    // Text over the limit is refused even with a file.
    const plan = await uploaded(sender.cookie, "plan.pdf", "%PDF-1.4\n% plan\n");
    const long = await call("POST", path_, { body: { body: "x".repeat(5001), attachments: [plan.id] }, cookie: sender.cookie });
    expect((await json<{ error: { fields: Record<string, string> } }>(long)).error.fields.body).toBe("Message must be at most 5,000 characters");

    const quote = await uploaded(sender.cookie, "quote.pdf", "%PDF-1.4\n% quote\n");
    const sent = await call("POST", path_, { body: { attachments: [plan.id, quote.id] }, cookie: sender.cookie });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { message } = await json<{ message: { seq: number; body: string; attachments: FileInfo[] } }>(sent);
    expect(message.body).toBe("");
    expect(message.attachments.map((a) => a.name)).toEqual(["plan.pdf", "quote.pdf"]);
    // The real-time event carries the files too: it replaces the sender's copy and is what the other side shows.
    expect((await messageAt(t.database.db, conversation.id, message.seq))?.attachments.map((a) => a.name)).toEqual(["plan.pdf", "quote.pdf"]);

    const inbox = await json<{ conversations: { id: string; lastMessage: { preview: string } }[] }>(
      await call("GET", "/api/v1/conversations", { cookie: away.cookie }),
    );
    expect(inbox.conversations.find((c) => c.id === conversation.id)!.lastMessage.preview).toBe("Sent 2 files");
    const notices = await json<{ notifications: { message: string; link: string }[] }>(await call("GET", "/api/v1/notifications", { cookie: away.cookie }));
    expect(notices.notifications.find((n) => n.link === `/messages/${conversation.id}`)!.message).toBe("Naledi Sender sent you 2 files");

    const photo = await uploaded(sender.cookie, "site.jpg", await photoWithGps(400, 300));
    expect((await call("POST", path_, { body: { body: "", attachments: [photo.id] }, cookie: sender.cookie })).status).toBe(201);
    const after = await json<{ conversations: { id: string; lastMessage: { preview: string } }[] }>(
      await call("GET", "/api/v1/conversations", { cookie: away.cookie }),
    );
    expect(after.conversations.find((c) => c.id === conversation.id)!.lastMessage.preview).toBe("Sent a file");

    // The unread-message email quotes that line, not an empty one.
    const now = new Date(Date.now() + 11 * 60_000);
    await queueUnreadMessageEmails(domainDeps(t.deps), now);
    await t.flushEmails(now);
    const mail = t.mails.find((m) => m.to === `files-only-away-${kind}@example.co.za`);
    expect(mail?.text).toContain('"Sent a file"');
  });

  it("starts a conversation with files in its first message, in one transaction with it", async () => {
    const sender = await t.signUp({ email: `first-files-${kind}@example.co.za`, name: "Zanele Sender" });
    const other = await t.signUp({ email: `first-files-to-${kind}@example.co.za`, name: "Other Person", userType: "developer" });
    const stranger = await t.signUp({ email: `first-files-stranger-${kind}@example.co.za`, name: "Stranger" });
    const conversationCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(conversations))[0]!.n;

    // Blank text and no file, or a file that is not the sender's: refused, and no conversation is left behind.
    const before = await conversationCount();
    const blank = await call("POST", "/api/v1/conversations", { body: { to: other.user.id, body: "  " }, cookie: sender.cookie });
    expect((await json<{ error: { fields: Record<string, string> } }>(blank)).error.fields.body).toBe("Message cannot be empty");
    const theirs = await uploaded(stranger.cookie, "theirs.pdf", "%PDF-1.4\n% theirs\n");
    const stolen = await call("POST", "/api/v1/conversations", { body: { to: other.user.id, attachments: [theirs.id] }, cookie: sender.cookie });
    expect(stolen.status).toBe(400);
    expect(await conversationCount()).toBe(before);

    const brief = await uploaded(sender.cookie, "brief.pdf", "%PDF-1.4\n% brief\n");
    const started = await call("POST", "/api/v1/conversations", { body: { to: other.user.id, attachments: [brief.id] }, cookie: sender.cookie });
    expect(started.status, await started.clone().text()).toBe(201);
    const { conversation, message } = await json<{
      conversation: { id: string; lastMessage: { preview: string } };
      message: { body: string; attachments: FileInfo[] };
    }>(started);
    expect(message.body).toBe("");
    expect(message.attachments.map((a) => a.name)).toEqual(["brief.pdf"]);
    expect(conversation.lastMessage.preview).toBe("Sent a file");
    expect((await call("GET", brief.url, { cookie: other.cookie })).status).toBe(200);

    // Into the existing conversation: text and a file together.
    const more = await uploaded(sender.cookie, "more.pdf", "%PDF-1.4\n% more\n");
    const again = await call("POST", "/api/v1/conversations", {
      body: { to: other.user.id, body: "And the rest", attachments: [more.id] },
      cookie: sender.cookie,
    });
    expect(again.status).toBe(200);
    expect((await json<{ conversation: { id: string }; message: { attachments: FileInfo[] } }>(again)).message.attachments.map((a) => a.name)).toEqual([
      "more.pdf",
    ]);
  });

  it("serves a message attachment to the two participants only: 403 for a third user, 401 signed out", async () => {
    const pdf = await uploaded(client.cookie, "brief.pdf", "%PDF-1.4\n% the brief\n");
    const res = await call("POST", "/api/v1/conversations", { body: { to: developer.user.id, body: "Hello" }, cookie: client.cookie });
    const { conversation } = await json<{ conversation: { id: string } }>(res);
    const sent = await call("POST", `/api/v1/conversations/${conversation.id}/messages`, {
      body: { body: "The brief is attached", attachments: [pdf.id] },
      cookie: client.cookie,
    });
    expect(sent.status).toBe(201);
    const { message } = await json<{ message: { id: string; attachments: FileInfo[] } }>(sent);
    expect(message.attachments.map((a) => a.id)).toEqual([pdf.id]);

    const byDeveloper = await call("GET", pdf.url, { cookie: developer.cookie });
    expect(byDeveloper.status).toBe(200);
    expect(await byDeveloper.text()).toContain("the brief");
    expect(byDeveloper.headers.get("content-disposition")).toMatch(/^attachment; filename="brief\.pdf"/);
    expect(byDeveloper.headers.get("x-content-type-options")).toBe("nosniff");
    expect(byDeveloper.headers.get("content-security-policy")).toContain("sandbox");
    expect(byDeveloper.headers.get("cache-control")).toMatch(/^private/);
    expect((await call("GET", pdf.url, { cookie: outsider.cookie })).status).toBe(403);
    expect((await call("GET", pdf.url)).status).toBe(401);
    expect((await call("GET", `/api/v1/files/${pdf.id}`, { cookie: outsider.cookie })).status).toBe(403);

    // The thread lists it; the other participant cannot reuse it in a message of their own.
    const list = await json<{ messages: { attachments: FileInfo[] }[] }>(
      await call("GET", `/api/v1/conversations/${conversation.id}/messages`, { cookie: developer.cookie }),
    );
    expect(list.messages.at(-1)!.attachments[0]!.name).toBe("brief.pdf");
    const reuse = await call("POST", `/api/v1/conversations/${conversation.id}/messages`, {
      body: { body: "again", attachments: [pdf.id] },
      cookie: developer.cookie,
    });
    expect(reuse.status).toBe(400);

    // Deleting the message deletes the file: row and bytes.
    expect((await call("DELETE", `/api/v1/messages/${message.id}`, { cookie: developer.cookie })).status).toBe(403);
    expect((await call("DELETE", `/api/v1/messages/${message.id}`, { cookie: client.cookie })).status).toBe(204);
    expect((await call("GET", pdf.url, { cookie: client.cookie })).status).toBe(404);
    expect(await filesUnder(path.join(t.filesRoot, "files", pdf.id))).toEqual([]);
    expect(await t.database.db.select().from(fileDeletions)).toEqual([]);
  });

  it("deletes a project's files with the project; the sweep deletes uploads left unattached for a day", async () => {
    const owner = await t.signUp({ email: `proj-${kind}@example.co.za` });
    const plan = await uploaded(owner.cookie, "plan.pdf", "%PDF-1.4\n% plan\n");
    const created = await call("POST", "/api/v1/projects", { body: { ...projectInput(), attachments: [plan.id] }, cookie: owner.cookie });
    expect(created.status).toBe(201);
    const { project } = await json<{ project: { id: string; attachments: FileInfo[] } }>(created);
    expect(project.attachments.map((a) => a.id)).toEqual([plan.id]);
    // Public while the project is: anyone may download it.
    expect((await call("GET", plan.url)).status).toBe(200);
    expect((await call("DELETE", `/api/v1/projects/${project.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect(await rowsOf(owner.user.id)).toEqual([]);
    expect(await filesUnder(path.join(t.filesRoot, "files", plan.id))).toEqual([]);

    const stale = await uploaded(owner.cookie, "draft.pdf", "%PDF-1.4\n% draft\n");
    expect(await sweepFiles({ db: t.database.db, files: t.deps.files })).toEqual({ orphans: 0, deleted: 0 });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000 + 1000);
    const attachedBefore = await t.database.db
      .select({ id: files.id })
      .from(files)
      .where(sql`${files.targetType} is not null`);
    const swept = await sweepFiles({ db: t.database.db, files: t.deps.files }, tomorrow);
    // Every unattached upload of this file's tests is a day old by then; attached files stay.
    expect(swept.orphans).toBeGreaterThanOrEqual(1);
    expect(swept.deleted).toBe(swept.orphans);
    expect(await filesUnder(path.join(t.filesRoot, "files", stale.id))).toEqual([]);
    expect(
      await t.database.db
        .select({ id: files.id })
        .from(files)
        .where(sql`${files.targetType} is not null`),
    ).toEqual(attachedBefore);
  });

  it("attaches up to 5 files to a proposal, readable by its developer and the project's client only", async () => {
    const owner = await t.signUp({ email: `prop-owner-${kind}@example.co.za` });
    const dev = await t.signUp({ email: `prop-dev-${kind}@example.co.za`, userType: "developer" });
    const { project } = await json<{ project: { id: string } }>(await call("POST", "/api/v1/projects", { body: projectInput(), cookie: owner.cookie }));
    const cv = await uploaded(dev.cookie, "cv.pdf", "%PDF-1.4\n% cv\n");
    const proposal = {
      coverLetter: "I have shipped three offline-first Flutter apps for informal retailers in Gauteng. ".repeat(2),
      price: 20000,
      duration: "2-4",
    };
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => uploaded(dev.cookie, `quote-${i}.pdf`, "%PDF-1.4\n")));
    const tooMany = await call("POST", `/api/v1/projects/${project.id}/proposals`, {
      body: { ...proposal, attachments: six.map((f) => f.id) },
      cookie: dev.cookie,
    });
    expect(tooMany.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(tooMany)).error.fields.attachments).toBe("Attach at most 5 files");
    const sent = await call("POST", `/api/v1/projects/${project.id}/proposals`, { body: { ...proposal, attachments: [cv.id] }, cookie: dev.cookie });
    expect(sent.status).toBe(201);
    const { proposal: p } = await json<{ proposal: { id: string; attachments: FileInfo[] } }>(sent);
    expect(p.attachments.map((a) => a.name)).toEqual(["cv.pdf"]);
    expect((await call("GET", cv.url, { cookie: owner.cookie })).status).toBe(200);
    expect((await call("GET", cv.url, { cookie: outsider.cookie })).status).toBe(403);
    expect((await call("GET", cv.url)).status).toBe(401);
    const list = await json<{ proposals: { attachments: FileInfo[] }[] }>(
      await call("GET", `/api/v1/projects/${project.id}/proposals`, { cookie: owner.cookie }),
    );
    expect(list.proposals[0]!.attachments.map((a) => a.id)).toEqual([cv.id]);
    // Editing with a new list replaces the files; the dropped one is deleted.
    const edited = await call("PATCH", `/api/v1/proposals/${p.id}`, { body: { attachments: [six[0]!.id] }, cookie: dev.cookie });
    expect(edited.status).toBe(200);
    expect((await json<{ proposal: { attachments: FileInfo[] } }>(edited)).proposal.attachments.map((a) => a.id)).toEqual([six[0]!.id]);
    expect((await call("GET", cv.url, { cookie: dev.cookie })).status).toBe(404);
  });

  it("lists my files in the data export and deletes them all with the account", async () => {
    const me = await t.signUp({ email: `leaving-${kind}@example.co.za` });
    const a = await uploaded(me.cookie, "cv.pdf", "%PDF-1.4\n% cv\n");
    const b = await uploaded(me.cookie, "face.jpg", await photoWithGps(400, 400), "photo");
    const exported = await json<{ files: { id: string; name: string; size: number }[] }>(await call("GET", "/api/v1/me/export", { cookie: me.cookie }));
    expect(exported.files.map((f) => f.name).sort()).toEqual(["cv.pdf", "face.webp"]);
    expect(exported.files.find((f) => f.id === a.id)!.size).toBe(a.size);

    const res = await call("DELETE", "/api/v1/me", { body: { password: TEST_PASSWORD }, cookie: me.cookie });
    expect(res.status).toBe(204);
    expect(await rowsOf(me.user.id)).toEqual([]);
    for (const f of [a, b]) expect(await filesUnder(path.join(t.filesRoot, "files", f.id))).toEqual([]);
  });
});
