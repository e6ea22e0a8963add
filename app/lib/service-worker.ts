/**
 * Registers the service worker (public/sw.js; docs/product.md, Offline; decision 0033) once the
 * page has loaded, so it never competes with the first load. The first time a worker takes over,
 * it is asked to keep the open page too (that navigation did not pass through it). Browsers
 * without service workers, and development (Vite serves no /sw.js worth caching), skip it.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = () => {
    const firstTime = !navigator.serviceWorker.controller;
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (firstTime) registration.active?.postMessage({ type: "keep", url: location.href });
      })
      .catch(() => {
        // Offline copies are a nicety: the app works the same without them.
      });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
