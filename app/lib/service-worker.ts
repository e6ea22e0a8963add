/**
 * Registers the service worker (public/sw.js; docs/product.md, Offline; decision 0033) once the
 * page has loaded, so it never competes with the first load. Browsers without service workers,
 * and development (Vite serves no /sw.js worth caching), skip it.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Offline copies are a nicety: the app works the same without them.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
