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
 * and sends the field the event a visitor's edit sends (early-input-replay.ts, loaded only then), so
 * the page's handlers see it as if the scripts had been there all along. Nothing is recorded (and
 * nothing loaded or replayed) when nothing changed. Every page loads this module: it stays small.
 */

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A field the visitor changed: its value now and as the HTML had it, or whether it is ticked now. */
export interface EarlyEdit {
  control: Control;
  value: string;
  initial: string;
  checked: boolean;
}

/** Inputs that hold no visitor's text or choice. */
const NOT_EDITABLE = /^(hidden|file|submit|reset|button|image)$/;

let recorded: EarlyEdit[] = [];

/**
 * Records the fields of `root` the visitor has changed since the HTML was parsed (before
 * hydration: app/entry.client.tsx): a text, a select's choice (against the option marked selected,
 * else the first enabled one, which the browser shows), a tick. A radio group's change is recorded
 * once, on the radio now chosen; disabled fields and multiple selects (the app has none) are left out.
 */
export function noteEarlyInput(root: ParentNode = document): void {
  recorded = [];
  for (const control of Array.from(root.querySelectorAll<Control>("input, select, textarea"))) {
    if (control.disabled || NOT_EDITABLE.test(control.type) || (control as HTMLSelectElement).multiple) continue;
    let initial = (control as HTMLInputElement).defaultValue;
    if (control instanceof HTMLSelectElement) {
      const options = Array.from(control.options);
      initial = (options.find((o) => o.defaultSelected) ?? options.find((o) => !o.disabled))?.value ?? "";
    }
    const tickable = control.type === "checkbox" || control.type === "radio";
    const { checked, defaultChecked } = control as HTMLInputElement;
    if (tickable ? checked === defaultChecked || (control.type === "radio" && !checked) : control.value === initial) continue;
    recorded.push({ control, value: control.value, initial, checked: tickable && checked });
  }
}

/** Once hydrated (app/entry.client.tsx): replays what noteEarlyInput recorded, once; see early-input-replay.ts. */
export function replayEarlyInput(): void {
  const edits = recorded;
  recorded = [];
  if (edits.length) void import("./early-input-replay").then(({ replayEdits }) => replayEdits(edits));
}
