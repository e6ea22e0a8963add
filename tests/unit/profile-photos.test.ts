/**
 * Profile photos, portfolio images and deleting one's own message (docs/product.md, Files): the
 * photo is the centre square at 64/128/256 px WebP without EXIF, only the owner sets it, a
 * replaced photo's bytes go, portfolio items take at most 5 images and only images, and a
 * deleted message stays in the thread as deleted for both, without its files.
 */
import { eq } from "drizzle-orm";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_MESSAGE_TEXT, PHOTO_TYPE_MESSAGE } from "../../shared/constants";
import type { SessionUser } from "../../server/context";
import { files } from "../../server/db/schema";
import type { FileInfo } from "../../server/files/service";
import { headerState } from "../../server/messages/service";
import { apiClient, json, type CallOptions } from "../support/api";
import { APP_URL, createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeProject, proposalBody } from "../support/factories";

async function filesUnder(root: string): Promise<string[]> {
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

/** A wide JPEG (left half red, right half blue) with GPS and a camera model in its EXIF. */
async function widePhotoWithGps(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><rect width="450" height="300" fill="#f00"/><rect x="450" width="450" height="300" fill="#00f"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 55/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "18/1 25/1 0/1" },
    })
    .toBuffer();
}

const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a0" } })
    .png()
    .toBuffer();

describe.each(DB_KINDS)("profile photos and portfolio images on %s", (kind) => {
  let t: TestApp;
  let client: { cookie: string; user: SessionUser };
  let developer: { cookie: string; user: SessionUser };
  let other: { cookie: string; user: SessionUser };

  beforeAll(async () => {
    t = await createTestApp(kind);
    client = await t.signUp({ email: "photo-client@example.co.za", name: "Thandi Client" });
    developer = await t.signUp({ email: "photo-dev@example.co.za", name: "Sipho Dev", userType: "developer" });
    other = await t.signUp({ email: "photo-other@example.co.za", name: "Olwethu Other", userType: "developer" });
  });
  afterAll(() => t?.close());

  const call = (method: string, p: string, options: CallOptions = {}) => apiClient(t.app)(method, p, options);
  async function upload(cookie: string, name: string, bytes: Uint8Array | string, purpose: string) {
    const form = new FormData();
    form.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type: "image/jpeg" }));
    form.set("purpose", purpose);
    return t.app.request("/api/v1/files", { method: "POST", body: form, headers: { origin: APP_URL, cookie } });
  }
  async function uploaded(cookie: string, name: string, bytes: Uint8Array | string, purpose: string): Promise<FileInfo> {
    const res = await upload(cookie, name, bytes, purpose);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json<{ file: FileInfo }>(res)).file;
  }

  it("keeps the centre square of a photo at 64, 128 and 256 px WebP without EXIF, shown on the card, profile and thread", async () => {
    const file = await uploaded(developer.cookie, "me.jpg", await widePhotoWithGps(), "avatar");
    expect(file.variants.map((v) => [v.width, v.height])).toEqual([
      [64, 64],
      [128, 128],
      [256, 256],
    ]);
    const made = await call("PUT", "/api/v1/me/developer-profile", { body: { title: "Flutter developer" }, cookie: developer.cookie });
    expect(made.status).toBe(200);
    const set = await call("PUT", "/api/v1/me/photo", { body: { fileId: file.id }, cookie: developer.cookie });
    expect(set.status, await set.clone().text()).toBe(200);

    // Public like the profile: anyone, signed out too, gets the square without EXIF.
    const res = await call("GET", `/api/v1/files/${file.id}/w/256`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);
    expect(bytes.includes(Buffer.from("Phone 12"))).toBe(false);
    // The centre of a red|blue photo: red on the left, blue on the right, nothing cut to one colour.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number) => [data[(128 * 256 + x) * 3]!, data[(128 * 256 + x) * 3 + 2]!];
    expect(px(10)[0]).toBeGreaterThan(200);
    expect(px(245)[1]).toBeGreaterThan(200);

    const profile = await json<{ developer: { photoId: string | null } }>(await call("GET", `/api/v1/developers/${developer.user.id}`));
    expect(profile.developer.photoId).toBe(file.id);
    // The header's account button (root loader, one query with the unread badges).
    expect((await headerState(t.database.db, developer.user.id)).photoId).toBe(file.id);
    const list = await json<{ developers: { id: string; photoId: string | null }[] }>(await call("GET", "/api/v1/developers?limit=50"));
    expect(list.developers.find((d) => d.id === developer.user.id)?.photoId).toBe(file.id);
    expect(list.developers.filter((d) => d.id !== developer.user.id).every((d) => d.photoId === null)).toBe(true);
    const started = await json<{ conversation: { id: string } }>(
      await call("POST", "/api/v1/conversations", { body: { to: developer.user.id, body: "Hello" }, cookie: client.cookie }),
    );
    const inbox = await json<{ conversations: { id: string; other: { photoId: string | null } }[] }>(
      await call("GET", "/api/v1/conversations", { cookie: client.cookie }),
    );
    expect(inbox.conversations.find((c) => c.id === started.conversation.id)?.other.photoId).toBe(file.id);
    // The client choosing among proposals sees each developer's photo (the other developer has none).
    const project = await makeProject(t.database.db, client.user, { title: "Photo proposals project" });
    for (const who of [developer, other]) {
      const sent = await call("POST", `/api/v1/projects/${project.id}/proposals`, { body: proposalBody(), cookie: who.cookie });
      expect(sent.status, await sent.clone().text()).toBe(201);
    }
    const received = await json<{ proposals: { developer: { id: string; photoId: string | null } }[] }>(
      await call("GET", `/api/v1/projects/${project.id}/proposals`, { cookie: client.cookie }),
    );
    expect(received.proposals.map((p) => [p.developer.id, p.developer.photoId]).sort()).toEqual(
      [
        [developer.user.id, file.id],
        [other.user.id, null],
      ].sort(),
    );
  });

  it("keeps the square the person chose: the left or right end of a wide photo, and refuses a position outside 0-1", async () => {
    const colourAt = async (file: FileInfo) => {
      const res = await call("GET", `/api/v1/files/${file.id}/w/64`, { cookie: developer.cookie });
      const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [data[(32 * 64 + 32) * 3]!, data[(32 * 64 + 32) * 3 + 2]!];
    };
    const at = async (x: string) => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(await widePhotoWithGps())], "me.jpg", { type: "image/jpeg" }));
      form.set("purpose", "avatar");
      form.set("squareX", x);
      return t.app.request("/api/v1/files", { method: "POST", body: form, headers: { origin: APP_URL, cookie: developer.cookie } });
    };
    const left = (await json<{ file: FileInfo }>(await at("0"))).file;
    const right = (await json<{ file: FileInfo }>(await at("1"))).file;
    // The middle of the left square is red, of the right square blue.
    const [lr, lb] = await colourAt(left);
    const [rr, rb] = await colourAt(right);
    expect(lr).toBeGreaterThan(200);
    expect(lb).toBeLessThan(60);
    expect(rb).toBeGreaterThan(200);
    expect(rr).toBeLessThan(60);
    expect((await at("1.5")).status).toBe(400);
  });

  it("lets nobody else set my photo, refuses a non-image and a photo not uploaded as one; replacing and removing delete the old bytes", async () => {
    const mine = await uploaded(client.cookie, "face.jpg", await widePhotoWithGps(), "avatar");
    // Someone else's upload cannot become my photo, and setting a photo only ever changes my own.
    const stolen = await call("PUT", "/api/v1/me/photo", { body: { fileId: mine.id }, cookie: other.cookie });
    expect(stolen.status).toBe(400);
    expect((await t.database.db.select().from(files).where(eq(files.id, mine.id)))[0]!.targetType).toBeNull();
    expect((await call("PUT", "/api/v1/me/photo", { body: { fileId: mine.id } })).status).toBe(401);

    const pdf = await upload(client.cookie, "face.jpg", "%PDF-1.4\n% not a photo\n", "avatar");
    expect(pdf.status).toBe(415);
    expect((await json<{ error: { fields: Record<string, string> } }>(pdf)).error.fields.file).toBe(PHOTO_TYPE_MESSAGE);
    const plain = await uploaded(client.cookie, "wide.jpg", await widePhotoWithGps(), "photo");
    const notSquare = await call("PUT", "/api/v1/me/photo", { body: { fileId: plain.id }, cookie: client.cookie });
    expect(notSquare.status).toBe(400);

    expect((await call("PUT", "/api/v1/me/photo", { body: { fileId: mine.id }, cookie: client.cookie })).status).toBe(200);
    const next = await uploaded(client.cookie, "new.png", await smallPng(), "avatar");
    expect(next.variants.map((v) => v.width)).toEqual([64, 128, 256]);
    expect((await call("PUT", "/api/v1/me/photo", { body: { fileId: next.id }, cookie: client.cookie })).status).toBe(200);
    expect((await call("GET", `/api/v1/files/${mine.id}/w/64`)).status).toBe(404);
    expect(await filesUnder(path.join(t.filesRoot, "files", mine.id))).toEqual([]);
    const reputation = await json<{ client: { photoId: string | null } }>(await call("GET", `/api/v1/clients/${client.user.id}`));
    expect(reputation.client.photoId).toBe(next.id);

    expect((await call("DELETE", "/api/v1/me/photo", { cookie: client.cookie })).status).toBe(204);
    expect(await filesUnder(path.join(t.filesRoot, "files", next.id))).toEqual([]);
    expect((await json<{ client: { photoId: string | null } }>(await call("GET", `/api/v1/clients/${client.user.id}`))).client.photoId).toBeNull();
  });

  it("gives a portfolio item up to 5 images, refuses a 6th and a non-image, and deletes them with the item", async () => {
    const images = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => uploaded(other.cookie, `shot${n}.png`, await smallPng(), "photo")));
    const item = (imageIds: string[]) => ({ title: "Taxi rank queue app", description: "", technologies: [], link: "", imageIds });
    const save = (portfolio: unknown[]) =>
      call("PUT", "/api/v1/me/developer-profile", { body: { title: "Mobile developer", portfolio }, cookie: other.cookie });

    const six = await save([item(images.map((i) => i.id))]);
    expect(six.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(six)).error.fields["portfolio.0.imageIds"]).toBe(
      "Add at most 5 images to a portfolio item",
    );
    expect((await t.database.db.select().from(files).where(eq(files.targetType, "portfolio"))).length).toBe(0);

    const pdf = await uploaded(other.cookie, "cv.pdf", "%PDF-1.4\n% cv\n", "attachment");
    const notImage = await save([item([pdf.id])]);
    expect(notImage.status).toBe(400);
    // Another developer's upload cannot be put on my item.
    const theirs = await uploaded(developer.cookie, "theirs.png", await smallPng(), "photo");
    expect((await save([item([theirs.id])])).status).toBe(400);

    const saved = await save([item(images.slice(0, 5).map((i) => i.id))]);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const profile = await json<{ developer: { portfolio: { id: string; images: FileInfo[] }[] } }>(await call("GET", `/api/v1/developers/${other.user.id}`));
    const [first] = profile.developer.portfolio;
    expect(first!.images.map((i) => i.id)).toEqual(images.slice(0, 5).map((i) => i.id));
    // Public like the profile.
    expect((await call("GET", first!.images[0]!.variants[0]!.url)).status).toBe(200);

    // Saving without imageIds keeps them; removing the item deletes them.
    const kept = await call("PUT", "/api/v1/me/developer-profile", {
      body: { portfolio: [{ id: first!.id, title: "Taxi rank queue app (v2)", description: "", technologies: [], link: "" }] },
      cookie: other.cookie,
    });
    expect(kept.status).toBe(200);
    expect((await t.database.db.select().from(files).where(eq(files.targetType, "portfolio"))).length).toBe(5);
    expect((await save([])).status).toBe(200);
    expect((await t.database.db.select().from(files).where(eq(files.targetType, "portfolio"))).length).toBe(0);
    for (const i of images.slice(0, 5)) expect(await filesUnder(path.join(t.filesRoot, "files", i.id))).toEqual([]);
  });

  it("shows a message its sender deleted as deleted to both, without its files; only the sender may delete it", async () => {
    const photo = await uploaded(client.cookie, "site.png", await smallPng(), "photo");
    const opened = await call("POST", "/api/v1/conversations", { body: { to: other.user.id, body: "Hi" }, cookie: client.cookie });
    expect(opened.status, await opened.clone().text()).toBeLessThan(300);
    const started = await json<{ conversation: { id: string } }>(opened);
    const sent = await json<{ message: { id: string } }>(
      await call("POST", `/api/v1/conversations/${started.conversation.id}/messages`, {
        body: { body: "My phone number is 082 555 0101", attachments: [photo.id] },
        cookie: client.cookie,
      }),
    );
    expect((await call("DELETE", `/api/v1/messages/${sent.message.id}`, { cookie: other.cookie })).status).toBe(403);
    expect((await call("DELETE", `/api/v1/messages/${sent.message.id}`, { cookie: client.cookie })).status).toBe(204);
    for (const who of [client, other]) {
      const list = await json<{ messages: { id: string; body: string; removed: boolean; attachments: FileInfo[] }[] }>(
        await call("GET", `/api/v1/conversations/${started.conversation.id}/messages`, { cookie: who.cookie }),
      );
      const m = list.messages.find((x) => x.id === sent.message.id)!;
      expect([m.body, m.removed, m.attachments]).toEqual([DELETED_MESSAGE_TEXT, true, []]);
    }
    expect(JSON.stringify(await call("GET", "/api/v1/me/export", { cookie: client.cookie }).then((r) => r.text()))).not.toContain("082 555 0101");
    expect(await filesUnder(path.join(t.filesRoot, "files", photo.id))).toEqual([]);
  });

  it("lists the photo in the export and deletes it with the account", async () => {
    const me = await t.signUp({ email: `photo-leaving-${kind}@example.co.za` });
    const file = await uploaded(me.cookie, "me.png", await smallPng(), "avatar");
    expect((await call("PUT", "/api/v1/me/photo", { body: { fileId: file.id }, cookie: me.cookie })).status).toBe(200);
    const exported = await json<{ files: { id: string; attachedTo: { type: string } | null }[] }>(
      await call("GET", "/api/v1/me/export", { cookie: me.cookie }),
    );
    expect(exported.files.find((f) => f.id === file.id)?.attachedTo?.type).toBe("avatar");
    expect((await call("DELETE", "/api/v1/me", { body: { password: TEST_PASSWORD }, cookie: me.cookie })).status).toBe(204);
    expect(await filesUnder(path.join(t.filesRoot, "files", file.id))).toEqual([]);
  });
});
