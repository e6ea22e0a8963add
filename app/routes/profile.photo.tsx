/**
 * /profile/photo: the Settings profile photo form as it posts before the page's scripts run and
 * without them (docs/product.md, Files and Look and feel): multipart `file` uploads a photo (its
 * centre square, as the scripts' form keeps by default) and makes it the profile photo; `intent=remove`
 * removes it. Either way the answer goes back to Settings with the toast's words ("Profile photo
 * saved", "Profile photo removed") or the refusal's ("Photos must be JPEG, ..."). The body may be a
 * file's size (server/http/app.ts, PHOTO_FORM_PATH). A GET goes to Settings.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/profile.photo";
import {
  AppError,
  FILE_MAX_BYTES,
  fileTooLarge,
  redirectWithFlash,
  removeProfilePhoto,
  requireUser,
  setProfilePhoto,
  uploadFile,
  ValidationError,
} from "./profile.server";

// Settings from the top, where the flash is said (the photo is its first card).
const BACK = "/profile";

export function loader() {
  return redirect(BACK);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = { db: context.deps.db, files: context.deps.files };
  try {
    const form = await request.formData().catch(() => {
      throw new ValidationError({ file: "The upload could not be read" }, "The upload could not be read");
    });
    if (form.get("intent") === "remove") {
      await removeProfilePhoto(deps, user);
      return redirectWithFlash(BACK, { type: "success", message: "Profile photo removed" });
    }
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) throw new ValidationError({ file: "Choose a photo to upload" }, "Choose a photo to upload");
    if (file.size > FILE_MAX_BYTES) throw fileTooLarge();
    const upload = await uploadFile(deps, user, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()), purpose: "avatar" });
    await setProfilePhoto(deps, user, upload.id);
    return redirectWithFlash(BACK, { type: "success", message: "Profile photo saved" });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const field = err.fields ? Object.values(err.fields).find(Boolean) : undefined;
    return redirectWithFlash(BACK, { type: "error", message: field ?? err.message });
  }
}
