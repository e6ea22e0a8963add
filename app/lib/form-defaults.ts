import type { FieldPath, FieldValues, RegisterOptions, UseFormGetValues, UseFormRegister } from "react-hook-form";

/**
 * react-hook-form's `register`, plus each field's current value as the element's `defaultValue`
 * (text, textarea, select) or `defaultChecked` (one radio of a group). RHF writes values into its
 * uncontrolled inputs only once the page's JavaScript runs, so without these a server-rendered edit
 * form (Settings, profile, a project, a proposal) showed its saved values as empty fields until
 * then, and without JavaScript sent them empty (docs/product.md, Look and feel: forms work before
 * and without JavaScript). Values are read with `getValues` at render: the form's defaultValues on
 * the server and at hydration, and an appended list item's own values when it mounts.
 */
export function registerWithDefaults<T extends FieldValues>(register: UseFormRegister<T>, getValues: UseFormGetValues<T>) {
  return {
    /** register(name) with the value as defaultValue ("" for none; numbers as text). */
    valueField<N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) {
      const value: unknown = getValues(name);
      return { ...register(name, options), defaultValue: value === null || value === undefined ? "" : String(value) };
    },
    /** register(name) for the radio of `value` in its group, checked when it is the value. */
    radioField<N extends FieldPath<T>>(name: N, value: string) {
      return { ...register(name), value, defaultChecked: getValues(name) === value };
    },
  };
}
