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

/**
 * Shows a toast: 4 s by default, 3 s for success (docs/product.md, Constants). Waits until
 * the toaster has loaded, so a toast asked for during the first render (a flash message) is not lost.
 */
export function notify(type: "success" | "error" | "info", message: string) {
  void Promise.all([import("sonner"), toasterReady]).then(([{ toast }]) => {
    if (type === "success") toast.success(message, { duration: TOAST_SUCCESS_MS });
    else if (type === "error") toast.error(message, { duration: TOAST_MS });
    else toast(message, { duration: TOAST_MS });
  });
}
