import { useEffect, useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useActionData } from "react-router";
import { nestedFieldErrors } from "./form-fields";
import { FORM_ERROR_TOAST, notify } from "./toast";
import type { ActionFailure } from "./action.server";

/**
 * Fields a form carries hidden, which no one can correct: a refusal of one (a malformed stale-save
 * `version`, docs/product.md) is the form's message, with no field to show it on.
 */
const HIDDEN_FIELDS = new Set(["version"]);

/** A failure's messages of the fields the form shows (not HIDDEN_FIELDS). */
function shownFields(fields: ActionFailure["fields"]): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).filter(([name]) => !HIDDEN_FIELDS.has(name)));
}

/**
 * Shows an action's failure: field messages on their fields (react-hook-form setError), focus on
 * the first of them, as after a refusal in the browser (a keyboard user is not left on a button
 * that was disabled while the form was sent), and the message as an error toast when no field
 * the form shows carries it.
 */
export function useServerErrors<T extends FieldValues>(result: ActionFailure | undefined, setError: UseFormSetError<T>) {
  useEffect(() => {
    if (!result || result.ok !== false) return;
    const fields = Object.entries(shownFields(result.fields));
    fields.forEach(([name, message], i) => setError(name as Path<T>, { type: "server", message }, { shouldFocus: i === 0 }));
    if (!fields.length) notify("error", result.message, { id: FORM_ERROR_TOAST });
  }, [result, setError]);
}

/**
 * The failure of a form posted before or without the page's scripts, as the server renders the page
 * again: the fields as sent (`values`) and their messages nested as react-hook-form holds them
 * (`errors`, for useForm's `errors`), so the page shows what was typed with each field's message
 * (docs/product.md, Look and feel), and `message` when no field the form shows carries it (shown on
 * the form: the toast needs the scripts). Read once, when the form mounts: a form already on the
 * page when its scripts post JSON keeps its own values and shows the messages through
 * useServerErrors as before.
 */
export function usePostedFailure(): { values?: Record<string, unknown>; errors?: Record<string, unknown>; message?: string } {
  const result = useActionData() as ActionFailure | { ok: true } | undefined;
  const [posted] = useState(() => {
    if (!result || result.ok !== false || !result.values) return {};
    const errors = nestedFieldErrors(shownFields(result.fields));
    return { values: result.values, errors, message: errors ? undefined : result.message };
  });
  return posted;
}
