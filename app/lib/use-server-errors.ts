import { useEffect } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { notify } from "./toast";
import type { ActionFailure } from "./action.server";

/**
 * Shows an action's failure: field messages on their fields (react-hook-form setError) and the
 * message as an error toast when no field carries it, unless `inline` (the page shows the message
 * itself, e.g. with FormAlert, which also works without JavaScript).
 */
export function useServerErrors<T extends FieldValues>(result: ActionFailure | undefined, setError: UseFormSetError<T>, inline = false) {
  useEffect(() => {
    if (!result || result.ok !== false) return;
    const fields = Object.entries(result.fields ?? {});
    for (const [name, message] of fields) setError(name as Path<T>, { type: "server", message });
    if (!fields.length && !inline) notify("error", result.message);
  }, [result, setError, inline]);
}
