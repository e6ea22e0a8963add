/**
 * The app's stylesheet as a file (decision 0041): signed-in pages link it; the sign-in and
 * registration pages prefetch it, so the first page after signing in finds it in the browser's cache.
 */
import appCssUrl from "../app.css?url";

export { appCssUrl };

/** A route's `links` entry that fetches the stylesheet file at low priority, after the page. */
export const prefetchStylesheet = () => [{ rel: "prefetch", href: appCssUrl, as: "style" }];
