/**
 * The profile photo of Settings (docs/product.md, Files): choose a photo, see the square that will
 * be kept (the centre of the photo, as the server crops it), save or cancel; remove it to show the
 * initial again. The upload goes to POST /api/v1/files with purpose `avatar`, then PUT
 * /api/v1/me/photo makes it the photo (the old one is deleted). Until the page's scripts run (and
 * without them) it is a plain file field and Save photo posting to /profile/photo (its centre
 * square is kept), and Remove photo a post there too (routes/profile.photo.tsx).
 */
import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { buttonClass } from "../ui/button";
import { FILE_MAX_BYTES, FILE_TOO_LARGE_MESSAGE } from "../../../shared/constants";
import { notify } from "../../lib/toast";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";

type ApiAnswer = { file?: { id: string }; error?: { message?: string } };

async function answerOf(res: Response): Promise<ApiAnswer> {
  return ((await res.json().catch(() => ({}))) ?? {}) as ApiAnswer;
}

export function ProfilePhotoForm({ name, photoId }: { name: string; photoId: string | null }) {
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  // The chosen image's shape (from the preview) and where the square sits along its longer side, 0-100.
  const [shape, setShape] = useState<"wide" | "tall" | "square">("square");
  const [position, setPosition] = useState(50);
  const positionId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > FILE_MAX_BYTES) return setError(FILE_TOO_LARGE_MESSAGE);
    // A data: URL, which the page's CSP allows for images (blob: it does not).
    const reader = new FileReader();
    reader.onload = () => {
      setPosition(50);
      setShape("square");
      setChosen({ file, preview: String(reader.result) });
    };
    reader.onerror = () => setError("This file could not be read. Try another photo.");
    reader.readAsDataURL(file);
  }

  async function save() {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set("file", chosen.file);
      form.set("purpose", "avatar");
      form.set("squareX", shape === "wide" ? String(position / 100) : "0.5");
      form.set("squareY", shape === "tall" ? String(position / 100) : "0.5");
      const uploaded = await fetch("/api/v1/files", { method: "POST", body: form });
      const up = await answerOf(uploaded);
      if (!uploaded.ok || !up.file) throw new Error(up.error?.message ?? "The upload failed. Please try again.");
      const set = await fetch("/api/v1/me/photo", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ fileId: up.file.id }),
      });
      if (!set.ok) throw new Error((await answerOf(set)).error?.message ?? "The photo could not be saved. Please try again.");
      setChosen(null);
      notify("success", "Profile photo saved");
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof Error ? err.message : "The photo could not be saved. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setError(null);
    const res = await fetch("/api/v1/me/photo", { method: "DELETE" }).catch(() => null);
    setBusy(false);
    if (!res?.ok) return setError("The photo could not be removed. Please try again.");
    notify("success", "Profile photo removed");
    await revalidator.revalidate();
  }

  if (!hydrated) return <PlainPhotoForm name={name} photoId={photoId} inputId={inputId} />;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {chosen ? (
        <img
          src={chosen.preview}
          width={96}
          height={96}
          alt="Preview: your new avatar, the square you chose"
          className="size-24 shrink-0 rounded-full bg-slate-100 object-cover"
          // object-fit cover at these fractions shows exactly the square the server keeps.
          style={{ objectPosition: shape === "wide" ? `${position}% 50%` : shape === "tall" ? `50% ${position}%` : "50% 50%" }}
          onLoad={(e) => {
            const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
            setShape(w > h ? "wide" : h > w ? "tall" : "square");
          }}
        />
      ) : (
        <Avatar name={name} photoId={photoId} px={96} className="size-24 text-4xl" />
      )}
      <div className="space-y-3">
        {chosen ? (
          <>
            <p className="text-sm text-slate-600">This is how your photo will look. Move the slider to choose the part that is kept.</p>
            {shape !== "square" ? (
              <div>
                <label htmlFor={positionId} className="block text-sm font-medium text-slate-800">
                  {shape === "wide" ? "Position from left to right" : "Position from top to bottom"}
                </label>
                <input
                  id={positionId}
                  type="range"
                  min={0}
                  max={100}
                  step={5}
                  value={position}
                  onChange={(e) => setPosition(Number(e.currentTarget.value))}
                  className="mt-1 w-full max-w-xs accent-brand-600"
                />
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-600">
            {photoId ? "Your photo shows on your profile, cards and messages." : "Without a photo, your initial is shown."}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {chosen ? (
            <>
              <Button variant="primary" busy={busy} onClick={() => void save()}>
                Save photo
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setChosen(null)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <label htmlFor={inputId} className="sr-only">
                Choose a profile photo
              </label>
              <input
                ref={input}
                id={inputId}
                type="file"
                accept={PHOTO_TYPES}
                className="sr-only"
                aria-describedby={error ? errorId : undefined}
                onChange={(e) => {
                  choose(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
              <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
                {photoId ? "Change photo" : "Upload photo"}
              </Button>
              {photoId ? (
                <Button variant="secondary" busy={busy} onClick={() => void remove()}>
                  Remove photo
                </Button>
              ) : null}
            </>
          )}
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <p className="text-xs text-slate-500">{PHOTO_HINT}</p>
      </div>
    </div>
  );
}

/** The photo types the file chooser offers (the server decides). */
const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/heic,.heic";
/** What a profile photo may be, under both forms. */
const PHOTO_HINT = "JPEG, PNG, WebP or HEIC, up to 10 MB. Location and camera details are removed.";

/**
 * The photo form without scripts (docs/product.md, Files): a visible file field whose Save photo
 * posts it as multipart to /profile/photo, and Remove photo (when there is one) posting
 * `intent=remove` there; the answer comes back to Settings with its message.
 */
function PlainPhotoForm({ name, photoId, inputId }: { name: string; photoId: string | null; inputId: string }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar name={name} photoId={photoId} px={96} className="size-24 text-4xl" />
      <div className="min-w-0 space-y-3">
        <form method="post" action="/profile/photo" encType="multipart/form-data" className="space-y-3">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {/* Not the scripts' "Choose a profile photo": what looks for that waits for the hydrated form. */}
            New profile photo
          </label>
          <input
            id={inputId}
            name="file"
            type="file"
            required
            accept={PHOTO_TYPES}
            className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-800"
          />
          <button type="submit" className={buttonClass("primary")}>
            Save photo
          </button>
        </form>
        {photoId ? (
          <form method="post" action="/profile/photo">
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className={buttonClass("secondary")}>
              Remove photo
            </button>
          </form>
        ) : null}
        <p className="text-xs text-slate-500">{PHOTO_HINT} The centre of the photo is kept.</p>
      </div>
    </div>
  );
}
