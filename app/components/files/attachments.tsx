import { Paperclip, X } from "../ui/icons";
import { useEffect, useRef, useState } from "react";
import { FILE_MAX_BYTES, FILE_TOO_LARGE_MESSAGE } from "../../../shared/constants";
import { formatBytes } from "../../../shared/format";
import type { FileInfo } from "../../../server/files/service";
import { FileTypeIcon } from "./attachment-list";

export type { FileInfo };
// The list parts live apart (attachment-list.tsx); re-exported for the forms that show and upload.
export { AttachmentList, FileTypeIcon, MessageAttachments } from "./attachment-list";

interface Item {
  key: string;
  name: string;
  size: number;
  /** 0-100 while uploading. */
  progress: number;
  file?: FileInfo;
  error?: string;
  xhr?: XMLHttpRequest;
  /** Uploaded in this form (deleted on the server when removed again). */
  fresh: boolean;
}

/**
 * The attachments field of a form (docs/product.md, Files): choose files, each uploads at once to
 * POST /api/v1/files with a progress bar and a Cancel button (XMLHttpRequest, whose upload
 * progress fetch does not report); a finished one can be removed. `onChange` gets the ids of the
 * uploaded files in order; the form sends them with its other fields. At most `max` files.
 */
export function AttachmentsField({
  initial = [],
  max,
  onChange,
  purpose = "attachment",
  hint,
  accept,
  which,
}: {
  initial?: FileInfo[];
  max: number;
  /** The uploaded ids in order, and whether an upload is still running (a form should not be sent then). */
  onChange: (ids: string[], uploading: boolean) => void;
  purpose?: "attachment" | "photo";
  hint?: string;
  /** The file chooser's filter (default: images for photos, anything otherwise; the server decides). */
  accept?: string;
  /**
   * Hidden text ending the Add button's accessible name, where a page repeats the field (" (milestone
   * 2)" on a contract): a screen reader's list of buttons tells them apart (docs/product.md, Accessibility).
   */
  which?: string;
}) {
  const [items, setItems] = useState<Item[]>(() => initial.map((f) => ({ key: f.id, name: f.name, size: f.size, progress: 100, file: f, fresh: false })));
  const input = useRef<HTMLInputElement>(null);
  const touched = useRef(false);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (touched.current)
      report.current(
        items.flatMap((i) => (i.file ? [i.file.id] : [])),
        items.some((i) => i.xhr),
      );
  }, [items]);

  const update = (key: string, change: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function start(file: File) {
    const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    if (file.size > FILE_MAX_BYTES) {
      setItems((list) => [...list, { key, name: file.name, size: file.size, progress: 0, error: FILE_TOO_LARGE_MESSAGE, fresh: false }]);
      return;
    }
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.set("file", file);
    form.set("purpose", purpose);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) update(key, { progress: Math.min(99, Math.round((e.loaded / e.total) * 100)) });
    };
    xhr.onload = () => {
      let body: { file?: FileInfo; error?: { message?: string } } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A proxy's HTML error page: the generic message below.
      }
      if (xhr.status === 201 && body.file) update(key, { progress: 100, file: body.file, xhr: undefined, fresh: true });
      else update(key, { error: body.error?.message ?? "The upload failed. Please try again.", xhr: undefined });
    };
    xhr.onerror = () => update(key, { error: "The upload failed. Check your connection and try again.", xhr: undefined });
    xhr.open("POST", "/api/v1/files");
    xhr.send(form);
    setItems((list) => [...list, { key, name: file.name, size: file.size, progress: 0, xhr, fresh: false }]);
  }

  function remove(item: Item) {
    touched.current = true;
    item.xhr?.abort();
    // An upload of this form that is not saved anywhere yet: delete it now rather than in a day.
    if (item.fresh && item.file) void fetch(`/api/v1/files/${item.file.id}`, { method: "DELETE" }).catch(() => {});
    setItems((list) => list.filter((i) => i.key !== item.key));
  }

  const room = max - items.filter((i) => !i.error).length;
  return (
    <div className="space-y-3">
      {items.length ? (
        <ul className="space-y-2">
          {items.map((item) => (
            <li key={item.key} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
              <div className="flex items-center gap-3">
                <FileTypeIcon mime={item.file?.mime ?? ""} />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-800">{item.file?.name ?? item.name}</span>
                <span className="shrink-0 text-slate-500">{formatBytes(item.file?.size ?? item.size)}</span>
                <button
                  type="button"
                  onClick={() => remove(item)}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                  aria-label={item.xhr ? `Cancel upload of ${item.name}` : `Remove ${item.name}`}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </div>
              {item.xhr ? (
                <div
                  className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.progress}
                  aria-label={`Uploading ${item.name}`}
                >
                  <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${item.progress}%` }} />
                </div>
              ) : null}
              {item.error ? (
                <p className="mt-1 text-sm text-red-700" role="alert">
                  {item.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={room <= 0}
          onClick={() => input.current?.click()}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Paperclip className="size-4" aria-hidden="true" /> {purpose === "photo" && accept === undefined ? "Add photos" : "Add files"}
          {which ? <span className="sr-only">{which}</span> : null}
        </button>
        <span className="text-xs text-slate-500">{hint ?? `Up to ${max} files, 10 MB each: images, PDF, text, Office documents or ZIP.`}</span>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={accept ?? (purpose === "photo" ? "image/jpeg,image/png,image/webp,image/heic,.heic" : undefined)}
          onChange={(e) => {
            touched.current = true;
            for (const file of Array.from(e.target.files ?? []).slice(0, Math.max(0, room))) start(file);
            e.target.value = "";
          }}
        />
      </div>
    </div>
  );
}
