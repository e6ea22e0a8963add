import type { ReactNode } from "react";
import { buttonClass } from "./button";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md" | "lg";

/**
 * The plain HTML form of a confirm dialog, for before the page's scripts run and without them
 * (docs/product.md, Look and feel): a `<details>` whose summary looks like the dialog's trigger
 * button and opens, in the page, the dialog's title, description and a form posting `fields` (and
 * whatever `children` adds) to the page's action with the confirm button; nothing is posted until
 * that button is pressed. `form`: the id of a form elsewhere in the page to post instead, where
 * this sits inside another form (HTML forms do not nest): the hidden fields and the button then
 * name that form. `open`: shown opened (a refusal to show again, such as a wrong password).
 */
export function ConfirmDisclosure(props: {
  /** The summary's content: the trigger button's icon and words. */
  summary: ReactNode;
  variant?: Variant;
  size?: Size;
  className?: string;
  title: string;
  description?: ReactNode;
  fields: Record<string, string>;
  confirmLabel: string;
  confirmVariant?: "primary" | "danger";
  form?: string;
  open?: boolean;
  children?: ReactNode;
}) {
  const { form } = props;
  const body = (
    <>
      {Object.entries(props.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} form={form} />
      ))}
      {props.children}
      <button type="submit" form={form} className={buttonClass(props.confirmVariant ?? "primary", "md", "w-full sm:w-auto")}>
        {props.confirmLabel}
      </button>
    </>
  );
  return (
    <details className="group min-w-0 [&_summary::-webkit-details-marker]:hidden" open={props.open || undefined}>
      <summary className={`${buttonClass(props.variant ?? "secondary", props.size ?? "md", props.className ?? "")} cursor-pointer list-none`}>
        {props.summary}
      </summary>
      <div role="group" aria-label={props.title} className="mt-2 space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-sm">
        <p className="font-semibold text-slate-900">{props.title}</p>
        {props.description ? <div className="break-words text-sm text-slate-600">{props.description}</div> : null}
        {form ? (
          <div className="space-y-3">{body}</div>
        ) : (
          <form method="post" className="space-y-3">
            {body}
          </form>
        )}
      </div>
    </details>
  );
}
