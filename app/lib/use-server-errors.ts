import { useEffect } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { notify } from "./toast";
import type { ActionFailure } from "./action.server";

/**
 * Shows an action's failure: field messages on their fields (react-hook-form setError) and the
 * message as an error toast when no field carries it.
 */
export function useServerErrors<T extends FieldValues>(result: ActionFailure | undefined, setError: UseFormSetError<T>) {
  useEffect(() => {
    if (!result || result.ok !== false) return;
    const fields = Object.entries(result.fields ?? {});
    for (const [name, message] of fields) setError(name as Path<T>, { type: "server", message });
    if (!fields.length) notify("error", result.message);
  }, [result, setError]);
}
