/**
 * What a visitor typed, picked or ticked in the server-rendered page before its scripts ran (a slow
 * phone on mobile data), kept once they run (docs/product.md, Look and feel: forms work before and
 * without JavaScript). Hydrating lost it two ways: React puts a textarea back to the text the server
 * sent (an edited cover letter or bio reverted), and a field whose value lives in React state (the
 * proposal's duration, a search box, the message composer) kept the new value on screen while its
 * state, and so what the form sends, kept the old one. react-hook-form's own inputs and selects keep
 * theirs, but their state only learns of it once registered.
 *
 * `noteEarlyInput` runs just before hydration and records every field whose value differs from the
 * page's HTML; `replayEarlyInput` runs once the page has hydrated and, for each, puts the value back
 * and sends the field the event a visitor's edit sends, so the page's handlers see it as if the
 * scripts had been there all along. Nothing is recorded (and nothing replayed) when nothing changed.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface EarlyEdit {
  control: Control;
  /** The value (text, the chosen option) or, for a checkbox or radio, whether it is ticked. */
  value: string;
  checked: boolean;
}

/** Inputs that hold no visitor's text or choice. */
const NOT_EDITABLE = new Set(["hidden", "file", "submit", "reset", "button", "image"]);

let recorded: EarlyEdit[] = [];

function isCheckable(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
}

/** The option a select shows as the HTML has it: the one marked selected, else the first enabled one. */
function initialOption(select: HTMLSelectElement): string {
  const options = Array.from(select.options);
  return (options.find((o) => o.defaultSelected) ?? options.find((o) => !o.disabled))?.value ?? "";
}

/** True when the visitor changed `control` since the HTML was parsed (its text, choice or tick). */
export function editedSinceRendered(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return control.value !== initialOption(control);
  if (isCheckable(control)) return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/**
 * Records the fields of `root` the visitor has changed (before hydration: app/entry.client.tsx).
 * A radio group's change is recorded once, on the radio now chosen; multiple selects are left out
 * (the app has none).
 */
export function noteEarlyInput(root: ParentNode = document): void {
  recorded = [];
  for (const control of Array.from(root.querySelectorAll<Control>("input, select, textarea"))) {
    if (control.disabled || (control instanceof HTMLInputElement && NOT_EDITABLE.has(control.type))) continue;
    if (control instanceof HTMLSelectElement && control.multiple) continue;
    if (!editedSinceRendered(control)) continue;
    if (isCheckable(control) && control.type === "radio" && !control.checked) continue;
    recorded.push({ control, value: control.value, checked: isCheckable(control) && control.checked });
  }
}

/** Sets `control`'s value through its prototype's setter, past the element's own property. */
function setValueNatively(control: Control, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set?.call(control, value);
}

/** Replays one edit: see replayEarlyInput. */
function replay({ control, value, checked }: EarlyEdit) {
  if (!control.isConnected) return;
  if (isCheckable(control)) {
    control.checked = !checked;
    control.click();
  } else if (control instanceof HTMLSelectElement) {
    control.value = initialOption(control);
    setValueNatively(control, value);
    control.dispatchEvent(new Event("change", { bubbles: true }));
  } else {
    control.value = control.defaultValue;
    setValueNatively(control, value);
    control.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * Sends the recorded edits to the hydrated page, once (app/entry.client.tsx): each field is first set back to
 * its HTML value through the element (where React notes the value it last saw), then given the
 * visitor's value past it and the event an edit sends (`input`, `change` for a select, a click for a
 * checkbox or radio), so React calls its onChange with the visitor's value. One edit per task, in
 * the page's order, so each handler runs after React has rendered the one before (a filter panel's
 * handler builds on the filters it was rendered with). Fields no longer in the page are skipped.
 */
export function replayEarlyInput(): void {
  const edits = recorded;
  recorded = [];
  const next = () => {
    const edit = edits.shift();
    if (!edit) return;
    replay(edit);
    setTimeout(next, 0);
  };
  if (edits.length) setTimeout(next, 0);
}
