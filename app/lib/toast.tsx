/**
 * Toasts (docs/product.md, Screens: top-right; 4 s by default, 3 s for success). sonner, about 10 KB
 * gzipped, loads after the page rather than in the first download (docs/performance.md budget).
 */
import { lazy, Suspense, useEffect } from "react";
import { TOAST_MS, TOAST_SUCCESS_MS } from "../../shared/constants";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));
let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => (toasterMounted = resolve));

/** Rendered after the Toaster, so its effect runs once the Toaster listens for toasts. */
function ToasterMounted() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/** The toast area, below the 64 px header so a toast never covers the user menu. */
export function ToastArea() {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={TOAST_MS} richColors closeButton offset={{ top: 76, right: 16 }} mobileOffset={{ top: 72 }} />
      <ToasterMounted />
    </Suspense>
  );
}

/** The id of the toast that says why a form was refused: one at a time, replaced by the next refusal. */
export const FORM_ERROR_TOAST = "form-error";

/**
 * Shows a toast: 4 s by default, 3 s for success (docs/product.md, Constants). Waits until
 * the toaster has loaded, so a toast asked for during the first render (a flash message) is not lost.
 * `id`: a toast of that id replaces the one showing. A success dismisses the form's refusal
 * (FORM_ERROR_TOAST) still on screen, so "Invalid email or password" never shows beside
 * "Welcome back!" after a quick retry (docs/product.md, Screens: toasts).
 */
export function notify(type: "success" | "error" | "info", message: string, options: { id?: string } = {}) {
  void Promise.all([import("sonner"), toasterReady]).then(([{ toast }]) => {
    const id = options.id;
    if (type === "success") {
      toast.dismiss(FORM_ERROR_TOAST);
      toast.success(message, { duration: TOAST_SUCCESS_MS, id });
    } else if (type === "error") toast.error(message, { duration: TOAST_MS, id });
    else toast(message, { duration: TOAST_MS, id });
  });
}
