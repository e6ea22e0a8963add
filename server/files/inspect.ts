/**
 * What an upload is, read from its bytes (docs/product.md, Files): the type comes from the file's
 * magic number (file-type), never from its name or the browser's claim; plain text is the one type
 * without a magic number, accepted only under a text name, as valid UTF-8 that is not markup.
 */
import { fileTypeFromBuffer } from "file-type";
import { FILE_TYPE_MESSAGE } from "../../shared/constants";
import { AppError } from "../errors";

/** An accepted upload's type: its MIME type, the extension it is stored under, and whether it is a photo to re-encode. */
export interface DetectedType {
  mime: string;
  ext: string;
  image: boolean;
}

/** The accepted types by the MIME type file-type reports (docs/product.md, Files). */
const ALLOWED: Record<string, { ext: string; image: boolean }> = {
  "image/jpeg": { ext: "jpg", image: true },
  "image/png": { ext: "png", image: true },
  "image/webp": { ext: "webp", image: true },
  "image/heic": { ext: "heic", image: true },
  "image/heif": { ext: "heic", image: true },
  "application/pdf": { ext: "pdf", image: false },
  "application/zip": { ext: "zip", image: false },
  // Office: the OOXML formats, and the old binary ones (an OLE compound file).
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { ext: "docx", image: false },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { ext: "xlsx", image: false },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { ext: "pptx", image: false },
  "application/x-cfb": { ext: "doc", image: false }, // narrowed by the name below
  "application/vnd.oasis.opendocument.text": { ext: "odt", image: false },
  "application/vnd.oasis.opendocument.spreadsheet": { ext: "ods", image: false },
  "application/vnd.oasis.opendocument.presentation": { ext: "odp", image: false },
};

/** Names under which text without a magic number is accepted as plain text. */
const TEXT_NAME = /\.(txt|text|md|csv|log)$/i;

/** The refusal of a type we do not accept (415, the field's message). */
export function typeRefused(message = FILE_TYPE_MESSAGE): AppError {
  return new AppError(415, "unsupported_file_type", message, { file: message });
}

/**
 * The upload's type, or a 415 AppError. `name` only decides whether bytes without a magic number
 * may be plain text; HTML, SVG or XML (text starting with `<`) never is, whatever the name.
 */
export async function detectType(bytes: Uint8Array, name: string): Promise<DetectedType> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    const allowed = ALLOWED[found.mime];
    if (!allowed) throw typeRefused();
    if (found.mime === "application/x-cfb") {
      // An OLE compound file is an old Office document only under an Office name (an .msi is one too).
      const old = /\.(doc|xls|ppt)$/i.exec(name)?.[1]?.toLowerCase();
      if (!old) throw typeRefused();
      return { mime: OLD_OFFICE[old]!, ext: old, image: false };
    }
    return { mime: found.mime, ext: allowed.ext, image: allowed.image };
  }
  if (TEXT_NAME.test(name) && isPlainText(bytes)) return { mime: "text/plain", ext: name.split(".").pop()!.toLowerCase(), image: false };
  throw typeRefused();
}

const OLD_OFFICE: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Valid UTF-8 without NUL or other control characters (tabs and line ends aside), not starting with markup. */
function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- looking for control characters is the point
  if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text)) return false;
  return !/^\s*</.test(text.replace(/^\uFEFF/, ""));
}

/**
 * A file name safe to store and to send back in Content-Disposition: the last path part, without
 * control characters, at most 200 characters (the extension kept), ending in `ext` (the detected
 * type's, so a `.jpg` that is a PDF downloads as `.pdf`).
 */
export function cleanFileName(name: string, ext: string): string {
  const last = (name.split(/[\\/]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex -- control characters are dropped from names
    .replace(/[\u0000-\u001F\u007F"]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const stem = last.replace(/\.[^.]*$/, "").slice(0, 190) || "file";
  return `${stem}.${ext}`;
}
