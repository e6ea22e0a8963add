import type { EarlyEdit } from "./early-input";

/** Sets a field's value through its prototype's setter, past the property React puts on the element. */
function setValueNatively(control: EarlyEdit["control"], value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set?.call(control, value);
}

/** Replays one edit: see replayEdits. */
function replay({ control, value, initial, checked }: EarlyEdit) {
  if (!control.isConnected) return;
  if (control.type === "checkbox" || control.type === "radio") {
    (control as HTMLInputElement).checked = !checked;
    control.click();
    return;
  }
  control.value = initial;
  setValueNatively(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/**
 * Sends edits made before hydration (app/lib/early-input.ts) to the hydrated page: each field is
 * first set back to its HTML value through the element (where React notes the value it last saw),
 * then given the visitor's value past it and the event an edit sends (`input`, `change` for a
 * select, a click for a checkbox or radio), so React calls its onChange with the visitor's value.
 * One edit per task, in the page's order, so each handler runs after React has rendered the one
 * before (a filter panel's handler builds on the filters it was rendered with). Fields no longer in
 * the page are skipped.
 */
export function replayEdits(edits: EarlyEdit[]): void {
  const next = () => {
    const edit = edits.shift();
    if (!edit) return;
    replay(edit);
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
