import { useEffect } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { notify } from "./toast";
import type { ActionFailure } from "./action.server";

/**
 * Shows an action's failure: field messages on their fields (react-hook-form setError), focus on
 * the first of them, as after a refusal in the browser (a keyboard user is not left on a button
 * that was disabled while the form was sent), and the message as an error toast when no field
 * carries it.
 */
export function useServerErrors<T extends FieldValues>(result: ActionFailure | undefined, setError: UseFormSetError<T>) {
  useEffect(() => {
    if (!result || result.ok !== false) return;
    const fields = Object.entries(result.fields ?? {});
    fields.forEach(([name, message], i) => setError(name as Path<T>, { type: "server", message }, { shouldFocus: i === 0 }));
    if (!fields.length) notify("error", result.message);
  }, [result, setError]);
}
