import { Paperclip, SendHorizontal } from "../ui/icons";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { MAX_MESSAGE, MAX_MESSAGE_FILES, PASTE_ROOM } from "../../../shared/constants";
import { AttachmentsField } from "../files/attachments";

/**
 * The message box (docs/product.md, Messages and notifications): with a keyboard and mouse Enter sends and Shift+Enter
 * starts a new line; on touch devices (a coarse pointer) Enter starts a new line and the Send button
 * sends, since a phone keyboard has no Shift+Enter (docs/product.md, Journeys). 1 to 5,000 characters,
 * or none with at least one file attached (messageSchema, the same check the server makes). A plain form: without JavaScript it posts to
 * the page's action. `onSend` gets the text and the draft's idempotency key, and resolves to an
 * error message or null; the box clears on success. `error` shows a message from the server (e.g. the rate limit).
 */
// The shared schemas (with Zod, about 26 KB compressed) load when the box is first focused or
// typed in, not with the page: a reader who only reads never downloads them (docs/performance.md,
// JavaScript per page). The check is the same messageSchema the server runs.
const loadSchemas = () => import("../../../shared/schemas");

/** True on a device whose main pointer is a finger (phones, tablets). */
function touchDevice(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(pointer: coarse)").matches;
}

export function Composer({
  onSend,
  busy,
  error,
  placeholder = "Write a message…",
  hiddenFields,
  attachments = false,
}: {
  /** `attachments`: ids of the files uploaded with the message (docs/product.md, Files). */
  onSend: (body: string, idempotencyKey: string | null, attachments: string[]) => Promise<string | null>;
  /** Offer files and photos (a paperclip opening the upload field, up to MAX_MESSAGE_FILES). */
  attachments?: boolean;
  busy: boolean;
  error?: string | null;
  placeholder?: string;
  hiddenFields?: Record<string, string>;
}) {
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [attaching, setAttaching] = useState(false);
  // A new key remounts the upload field empty after a send.
  const [filesKey, setFilesKey] = useState(0);
  const [localError, setLocalError] = useState<string | null>(null);
  // Known after hydration (the server cannot tell): on touch the hint below is not true, so the
  // box is not described by it.
  const [touch, setTouch] = useState(false);
  useEffect(() => setTouch(touchDevice()), []);
  const ref = useRef<HTMLTextAreaElement>(null);
  // One key per message being written: a retry of the same send (a lost answer) posts it once
  // (docs/security.md, Idempotency). crypto.randomUUID exists in secure contexts only.
  const draftKey = useRef<string | null>(null);

  // Set from the first Enter until the schemas have loaded and onSend was called: a second Enter
  // in between sends nothing more.
  const checking = useRef(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || checking.current) return;
    if (uploading) {
      setLocalError("Wait for the uploads to finish");
      return;
    }
    checking.current = true;
    let schemas: Awaited<ReturnType<typeof loadSchemas>>;
    try {
      schemas = await loadSchemas();
    } catch {
      checking.current = false;
      setLocalError("Could not reach BuildZA. Check your connection and try again.");
      return;
    }
    checking.current = false;
    const { messageSchema } = schemas;
    const parsed = messageSchema.safeParse(files.length ? { body, attachments: files } : { body });
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? "Message cannot be empty");
      // Sent with the Send button: focus goes to the box its message is about.
      ref.current?.focus();
      return;
    }
    setLocalError(null);
    draftKey.current ??= typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : null;
    const failure = await onSend(parsed.data.body, draftKey.current, files);
    if (failure) setLocalError(failure);
    else {
      draftKey.current = null;
      setBody("");
      setFiles([]);
      setUploading(false);
      setAttaching(false);
      setFilesKey((k) => k + 1);
      ref.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && !touchDevice()) {
      event.preventDefault();
      void submit();
    }
  };

  const shown = localError ?? error ?? null;
  const near = body.length > MAX_MESSAGE - 500;
  return (
    <form method="post" onSubmit={submit} className="border-t border-slate-200 bg-white px-3 py-3 sm:px-4" noValidate>
      {hiddenFields ? Object.entries(hiddenFields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      {attachments && attaching ? (
        <div className="mb-2">
          <AttachmentsField
            key={filesKey}
            max={MAX_MESSAGE_FILES}
            purpose="photo"
            accept=""
            onChange={(ids, pending) => {
              setFiles(ids);
              setUploading(pending);
              draftKey.current = null;
            }}
            hint={`Up to ${MAX_MESSAGE_FILES} files or photos, 10 MB each.`}
          />
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        {attachments ? (
          <button
            type="button"
            onClick={() => setAttaching((a) => !a)}
            aria-expanded={attaching}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-slate-300 text-slate-600 hover:bg-slate-100"
            aria-label={attaching ? "Hide attachments" : "Attach files or photos"}
          >
            <Paperclip className="size-5" aria-hidden="true" />
            {files.length ? <span className="sr-only"> ({files.length} attached)</span> : null}
          </button>
        ) : null}
        <label htmlFor="message-body" className="sr-only">
          Message
        </label>
        <textarea
          ref={ref}
          id="message-body"
          name="body"
          rows={1}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            // A changed text is a new message: a new key.
            draftKey.current = null;
            if (localError) setLocalError(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => void loadSchemas()}
          placeholder={placeholder}
          maxLength={MAX_MESSAGE + PASTE_ROOM}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? "message-error" : touch ? undefined : "message-hint"}
          className="field-sizing-content max-h-40 min-h-11 w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-500"
        />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60"
          aria-label="Send message"
        >
          <SendHorizontal className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="mt-1 flex min-h-5 items-start justify-between gap-3 text-xs">
        {shown ? (
          <p id="message-error" role="alert" className="text-red-700">
            {shown}
          </p>
        ) : (
          <p id="message-hint" className="hidden text-slate-500 sm:block">
            Enter to send, Shift+Enter for a new line
          </p>
        )}
        {near ? (
          <p className={`ml-auto shrink-0 tabular-nums ${body.length > MAX_MESSAGE ? "text-red-700" : "text-slate-500"}`}>
            {body.length.toLocaleString("en-ZA")} / {MAX_MESSAGE.toLocaleString("en-ZA")}
          </p>
        ) : null}
      </div>
    </form>
  );
}
