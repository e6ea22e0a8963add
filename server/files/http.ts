/**
 * The files API under /api/v1/files (docs/product.md, Files), mounted before the JSON API because
 * an upload's body is larger than the API's 100 KB limit:
 *
 * - `POST /api/v1/files`: multipart with `file` and optional `purpose` (`photo` | `avatar` |
 *   `attachment`, default attachment; `avatar` is a profile photo, see server/files/profile-photos.ts,
 *   with optional `squareX`/`squareY` from 0 to 1: where its square sits, default 0.5); 201 `{ file }`. Over 10 MB: 413 with FILE_TOO_LARGE_MESSAGE.
 * - `GET /api/v1/files/:id`: the metadata; `GET .../download`: the bytes; `GET .../w/:width`: a
 *   WebP rendition. Authorised per request (server/files/service.ts, readableFile).
 * - `DELETE /api/v1/files/:id`: an unattached upload of one's own (an upload cancelled in a form).
 *
 * Downloads carry `X-Content-Type-Options: nosniff`, a CSP that runs nothing (`sandbox`),
 * `Content-Disposition: attachment` for everything but images, and `Cache-Control: private`
 * for files that are not public, so no shared cache keeps them.
 */
import contentDisposition from "content-disposition";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { Readable } from "node:stream";
import { FILE_MAX_BYTES } from "../../shared/constants";
import { errorBody, errorResponse } from "../api/v1";
import type { AppDeps, SessionUser } from "../context";
import { AppError, NotFoundError, requireUser, ValidationError } from "../errors";
import { getSessionUser } from "../http/session";
import { setRequestUser } from "../log";
import { deleteUpload, fileTooLarge, objectKey, readableFile, toFileInfo, uploadFile } from "./service";

type Env = { Variables: { user: SessionUser | null } };

/** Multipart overhead allowed on top of the file itself (boundaries, headers, the purpose field). */
export const MULTIPART_SLACK = 64 * 1024;

/** The CSP of a downloaded file: nothing loads or runs, even if a browser renders it as a page. */
export const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

export function createFilesApi(deps: AppDeps) {
  const api = new Hono<Env>();
  const fileDeps = { db: deps.db, files: deps.files };

  api.use("*", async (c, next) => {
    const user = await getSessionUser(deps.auth, c.req.raw.headers);
    if (user) setRequestUser(user.id);
    c.set("user", user);
    await next();
  });

  api.post(
    "/",
    async (c, next) => {
      // Refused before reading a byte of the body: a signed-out upload is 401, not 413.
      requireUser(c.get("user"));
      await next();
    },
    bodyLimit({ maxSize: FILE_MAX_BYTES + MULTIPART_SLACK, onError: (c) => c.json(errorBody(fileTooLarge()), 413) }),
    async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!type.toLowerCase().startsWith("multipart/form-data")) {
        throw new AppError(415, "unsupported_media_type", "Send the file as multipart/form-data");
      }
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new ValidationError({ file: "The upload could not be read" }, "The upload could not be read");
      }
      const file = form.file;
      if (!(file instanceof File)) throw new ValidationError({ file: "Choose a file to upload" }, "Choose a file to upload");
      const purpose =
        form.purpose === undefined || form.purpose === "attachment"
          ? "attachment"
          : form.purpose === "photo" || form.purpose === "avatar"
            ? form.purpose
            : null;
      if (!purpose) throw new ValidationError({ purpose: "Purpose must be photo, avatar or attachment" });
      if (file.size > FILE_MAX_BYTES) throw fileTooLarge();
      const bytes = new Uint8Array(await file.arrayBuffer());
      // A profile photo's square: squareX/squareY from 0 to 1 (default 0.5, the centre).
      const fraction = (v: unknown) => {
        if (v === undefined || v === "") return 0.5;
        const n = typeof v === "string" ? Number(v) : NaN;
        if (!Number.isFinite(n) || n < 0 || n > 1) throw new ValidationError({ square: "The photo's position must be between 0 and 1" });
        return n;
      };
      const square = purpose === "avatar" ? { x: fraction(form.squareX), y: fraction(form.squareY) } : undefined;
      const info = await uploadFile(fileDeps, c.get("user"), { name: file.name, bytes, purpose, square });
      return c.json({ file: info }, 201);
    },
  );

  api.get("/:id", async (c) => {
    const { row } = await readableFile(deps.db, c.get("user"), c.req.param("id"));
    c.header("Cache-Control", "private, no-store");
    return c.json({ file: toFileInfo(row) });
  });

  const serve = async (c: Context<Env>, id: string, width?: number) => {
    const { row, public: isPublic } = await readableFile(deps.db, c.get("user"), id);
    const key = objectKey(row, width);
    if (!key) throw new NotFoundError("File not found");
    const webp = width !== undefined || !row.hasOriginal;
    const mime = webp ? "image/webp" : row.mime;
    const image = mime.startsWith("image/");
    const name = webp ? row.name.replace(/\.[^.]*$/, "") + ".webp" : row.name;
    const stream = await deps.files.getStream(key);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": mime === "text/plain" ? "text/plain; charset=utf-8" : mime,
        "Content-Disposition": contentDisposition(name, { type: image ? "inline" : "attachment" }),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": FILE_CSP,
        // Public files may sit in shared caches for a few minutes; private ones only in the browser.
        "Cache-Control": isPublic ? "public, max-age=300" : "private, max-age=3600",
        Vary: "Cookie",
        "Cross-Origin-Resource-Policy": "same-origin",
      },
    });
  };
  api.get("/:id/download", (c) => serve(c, c.req.param("id")));
  api.get("/:id/w/:width", (c) => {
    const width = c.req.param("width");
    if (!/^[1-9][0-9]{0,4}$/.test(width)) throw new NotFoundError("File not found");
    return serve(c, c.req.param("id"), Number(width));
  });

  api.delete("/:id", async (c) => {
    await deleteUpload(fileDeps, c.get("user"), c.req.param("id"));
    return c.body(null, 204);
  });

  api.all("*", (c) => c.json(errorBody(new AppError(404, "not_found", "No such API endpoint")), 404));
  api.onError((err, c) => errorResponse(c, err));
  return api;
}
