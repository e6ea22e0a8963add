import { useEffect, useState } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useRouteLoaderData } from "react-router";
import { VerifyBanner } from "./components/layout/verify-banner";
import type { Route } from "./+types/root";

import { errorText } from "./components/layout/error-text";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { shareNonceWithRuntimeStyles, useNonce } from "./lib/csp-nonce";
import { takeFlash } from "./lib/flash.server";
import { NowProvider } from "./lib/now";
import { RealtimeProvider } from "./lib/realtime";
import { registerServiceWorker } from "./lib/service-worker";
import { notify, ToastArea } from "./lib/toast";
import { requestHeaderState } from "./lib/unread.server";
import "./lib/context";
import { yearOf } from "../shared/format";
import { PRODUCT_NAME } from "../shared/constants";
import { appCssUrl } from "./lib/stylesheet";

// For a visitor who is not signed in, the whole stylesheet (about 8 KB gzipped) goes inline in the
// server HTML, so the first paint waits for no stylesheet request (docs/performance.md: LCP on a slow
// mobile connection). Only the server bundle contains it (import.meta.env.SSR is a build-time
// constant); the browser reads the same text back from the page, so hydration matches and the CSS
// is not downloaded twice. A signed-in visitor gets the same stylesheet as a file instead (immutable,
// prefetched by the login and registration pages), so each page they open is 8 KB lighter (decision 0041).
const appCss: string = import.meta.env.SSR
  ? (await import("./app.css?inline")).default
  : typeof document !== "undefined"
    ? (document.getElementById("app-css")?.textContent ?? "")
    : "";

// Before hydration: stylesheets that libraries add later get the page's CSP nonce (decision 0010).
if (typeof document !== "undefined") shareNonceWithRuntimeStyles();

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/icons/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/**
 * The title of an error page (a 403, a 404 of a missing receipt, a 400 of a bad link): React Router
 * renders only the root's meta under the root error boundary, and a page without a title is
 * announced by its address alone (WCAG 2.4.2). Other pages set their own title.
 */
export const meta: Route.MetaFunction = ({ error }) =>
  error ? [{ title: `${errorText(error).title} | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flash, clear } = await takeFlash(request);
  const { unread, photoId } = (await requestHeaderState(context)) ?? { unread: null, photoId: null };
  const now = Date.now();
  const user = context.user
    ? {
        id: context.user.id,
        name: context.user.name,
        userType: context.user.userType,
        emailVerified: context.user.emailVerified,
        email: context.user.email,
        photoId,
        // Only when true: most pages' data carries no flag.
        ...(context.user.role === "moderator" ? { moderator: true } : {}),
      }
    : null;
  return data(
    {
      user,
      unread,
      flash,
      // The instant this page was rendered: its relative times are measured from it on the server
      // and in the browser's hydrating render alike (app/lib/now.tsx).
      now,
      // The footer's copyright year, in South African time (docs/product.md, Look and feel).
      year: yearOf(new Date(now)),
      requestId: context.requestId,
      origin: context.deps.config.appUrl,
      // Signed in: the stylesheet as a cached file rather than inline (decision 0041).
      linkStylesheet: user !== null,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** The root loader's data (signed-in user, footer year) from any component. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  // The page's Content-Security-Policy nonce, from app/entry.server.tsx (server render only).
  const nonce = useNonce();
  const { pathname } = useLocation();
  // A conversation or a new one: the chat composer ends the page (no marketing footer on phones).
  const chatPage = /^\/messages\/[^/]+$/.test(pathname);
  // Fixed for the life of the page: signing in or out in the browser keeps the stylesheet it has
  // (replacing it would unstyle the page until the other one loads).
  const [linkStylesheet] = useState(() => root?.linkStylesheet === true);
  return (
    <html lang="en-ZA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0B6E4F" />
        <Meta />
        {linkStylesheet ? <link rel="stylesheet" href={appCssUrl} /> : <style id="app-css" nonce={nonce} dangerouslySetInnerHTML={{ __html: appCss }} />}
        <Links />
      </head>
      {/* On a phone a conversation's page is exactly the screen: header, any banner, then the chat
          filling the rest, so the composer is never pushed below the fold (no footer there). */}
      <body className={`flex min-h-screen flex-col ${chatPage ? "max-sm:h-dvh max-sm:min-h-0" : ""}`}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <NowProvider serverNow={root?.now}>
          <RealtimeProvider userId={root?.user?.id ?? null} initialCounts={root?.unread ?? null}>
            <Header user={root?.user ?? null} />
            {root?.user && !root.user.emailVerified ? <VerifyBanner email={root.user.email} /> : null}
            {root?.flash ? (
              // The flash as a line of text where the toast cannot show: a page without scripts
              // (a form sent without JavaScript says it was saved; docs/product.md, Look and feel).
              <noscript>
                <p
                  role="status"
                  className={`px-4 py-3 text-center text-sm ${root.flash.type === "error" ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-800"}`}
                >
                  {root.flash.message}
                </p>
              </noscript>
            ) : null}
            <main id="main" className={`flex-1 ${chatPage ? "max-sm:min-h-0" : ""}`}>
              {children}
            </main>
          </RealtimeProvider>
          {/* On a phone the chat composer is the end of a conversation's page: no marketing footer under it. */}
          <Footer year={root?.year ?? yearOf(new Date())} hideOnPhone={chatPage} />
        </NowProvider>
        <ToastArea />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { flash } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (flash) notify(flash.type, flash.message);
  }, [flash]);
  useEffect(registerServiceWorker, []);
  return <Outlet />;
}

/**
 * The page for an error: its title and what to do, and for an unexpected one the request id to
 * quote to support (the log has the rest; the page never shows a stack). ARCHITECTURE.md, Logging.
 */
/**
 * Offline, a link followed inside the app fails to fetch its page data and lands here. A full load
 * of the same URL goes through the service worker instead, which answers with the page as last
 * seen or the offline page (docs/product.md, Offline; decision 0033). Once per URL, so a page that
 * fails for another reason cannot reload in a loop.
 */
function useReloadWhenOffline() {
  useEffect(() => {
    if (navigator.onLine || !navigator.serviceWorker?.controller) return;
    const key = `offline-reload:${location.pathname}${location.search}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, "1");
    location.reload();
  }, []);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const requestId = useRootData()?.requestId;
  useReloadWhenOffline();
  const { title, detail, unexpected } = errorText(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{detail}</p>
      {unexpected && requestId ? (
        <p className="mt-2 text-sm text-slate-500">
          Reference: <span className="font-mono">{requestId}</span>
        </p>
      ) : null}
      <a href="/" className="mt-6 inline-block font-medium text-brand-600 underline">
        Go to the home page
      </a>
    </div>
  );
}
