import { Loader2 } from "./icons";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 min-h-11";
const variants: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-800",
};
const sizes: Record<Size, string> = { sm: "px-3 text-sm", md: "px-4 text-sm", lg: "px-6 text-base" };

/** Classes of a button, for links and other elements that should look like one. */
export function buttonClass(variant: Variant = "primary", size: Size = "md", extra = "") {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner and disables the button while a save runs (docs/product.md, Look and feel). */
  busy?: boolean;
}

/**
 * A button; `busy` shows a spinner next to its (busy) label and refuses activation (a click, Enter in
 * the form's field) while a save runs. A busy button stays focusable (aria-disabled, not
 * `disabled`): a disabled element loses the keyboard focus to the page, so someone who pressed Enter
 * would have to find their place again (WCAG 2.4.3; docs/product.md, Accessibility).
 */
export function Button({ variant = "primary", size = "md", busy, disabled, className = "", children, type = "button", onClick, ...rest }: ButtonProps) {
  const held = Boolean(busy) && !disabled;
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled}
      aria-disabled={held || undefined}
      aria-busy={busy || undefined}
      // Cancelling the click also cancels the form submission it would start (implicit submission included).
      onClick={held ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A router link styled as a button. */
export function ButtonLink({
  variant = "primary",
  size = "md",
  className = "",
  children,
  ...rest
}: LinkProps & { variant?: Variant; size?: Size; children: ReactNode }) {
  return (
    <Link className={buttonClass(variant, size, className)} {...rest}>
      {children}
    </Link>
  );
}
