import { Bell, Briefcase, ChevronDown, FolderKanban, Menu, MessageSquare, PlusCircle, Search } from "../ui/icons";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useRealtime } from "../../lib/realtime";
import { useHydrated } from "../../lib/use-hydrated";
import { CountBadge, unreadLabel } from "../ui/count-badge";
import { buttonClass } from "../ui/button";
import { Avatar } from "../ui/avatar";
import { displayName, firstName, iconButtonClass, navActive, navLinksFor, userTriggerClass, type HeaderUser } from "./header-shared";

export type { HeaderUser } from "./header-shared";

// The Radix menus and the notification panel (about 30 KB compressed with their dependencies) load
// in their own chunks only when
// wanted: pointing at or focusing a menu button starts the download, a click (or Enter/Space) mounts
// the real menu already open. Until then (and in the server HTML) look-alike placeholders hold their
// place, so nothing moves (docs/performance.md, JavaScript budget).
const loadMenus = () => import("./header-menus");
const UserMenu = lazy(() => loadMenus().then((m) => ({ default: m.UserMenu })));
const MobileMenu = lazy(() => loadMenus().then((m) => ({ default: m.MobileMenu })));
const loadNotifications = () => import("../notifications/notifications-menu");
const NotificationsMenu = lazy(() => loadNotifications().then((m) => ({ default: m.NotificationsMenu })));

/** The icons of the client's and the developer's own links, shown alone below 1280 px (docs/product.md, Journeys). */
const COMPACT_ICONS: Record<string, ReactNode> = {
  "/proposals": <Briefcase className="size-5 xl:hidden" aria-hidden="true" />,
  "/dashboard?projects=all": <FolderKanban className="size-5 xl:hidden" aria-hidden="true" />,
  "/projects/new": <PlusCircle className="size-5 xl:hidden" aria-hidden="true" />,
};

function desktopNavClass({ isActive }: { isActive: boolean }) {
  return `flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;
}

/** The word mark logo, linking home. */
function Logo() {
  return (
    <Link to="/" className="inline-flex min-h-11 items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-slate-900">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 shrink-0">
        <rect width="24" height="24" rx="6" fill="#0B6E4F" />
        <path d="M7 6.5h6a3 3 0 0 1 0 6H7zm0 6h7a3 3 0 0 1 0 6H7z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span>
        Build<span className="text-brand-600">ZA</span>
      </span>
    </Link>
  );
}

/** Event handlers of a placeholder menu button: preload on intent, mount the real menu on click. */
interface IntentProps {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onTouchStart?: () => void;
  onClick?: () => void;
}

/**
 * `placeholder(intent)` until it is clicked, then `menu(true)` (opened at once) behind Suspense with
 * the placeholder as fallback. `preload` starts the chunk's download on hover, touch or focus.
 */
function OnIntent({ preload, placeholder, menu }: { preload: () => unknown; placeholder: (intent: IntentProps) => ReactNode; menu: () => ReactNode }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <Suspense fallback={placeholder({})}>{menu()}</Suspense>;
  return placeholder({
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
    onTouchStart: () => void preload(),
    onClick: () => setWanted(true),
  });
}

function UserMenuPlaceholder({ user, ...intent }: { user: HeaderUser } & IntentProps) {
  const name = displayName(user);
  return (
    <button type="button" className={userTriggerClass} aria-haspopup="menu" aria-expanded={false} {...intent}>
      <Avatar name={name} photoId={user.photoId} px={32} className="size-8 text-sm" />
      <span className="sr-only">Account menu for {name}</span>
      <span className="truncate max-xl:hidden" aria-hidden="true">
        {firstName(name)}
      </span>
      <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
    </button>
  );
}

/**
 * The bell until the notification panel's code loads: in the server HTML a link to /notifications
 * (works without JavaScript), once hydrated a button whose click (`intent`) loads and opens the panel.
 */
function NotificationsPlaceholder({ count, ...intent }: { count: number } & IntentProps) {
  const hydrated = useHydrated();
  const label = unreadLabel("Notifications", count);
  const content = (
    <>
      <Bell className="size-5" aria-hidden="true" />
      <CountBadge count={count} className="absolute right-1 top-1" />
    </>
  );
  if (!hydrated)
    return (
      <Link to="/notifications" className={`${iconButtonClass} relative`} aria-label={label} title="Notifications">
        {content}
      </Link>
    );
  return (
    <button
      type="button"
      className={`${iconButtonClass} relative`}
      aria-label={label}
      title="Notifications"
      aria-haspopup="dialog"
      aria-expanded={false}
      {...intent}
    >
      {content}
    </button>
  );
}

const plainMenuLink = "flex min-h-12 items-center rounded-lg px-3 text-base font-medium text-slate-800 hover:bg-slate-100";

/**
 * The menu button in the server HTML, until the dialog's code loads: a link to a plain sheet of the
 * same links, which CSS shows while it is the URL's target, so the menu works without JavaScript
 * (docs/product.md, Journeys). With JavaScript, MobileMenu (a Radix dialog) replaces both. The
 * header's backdrop filter makes it the sheet's containing block, hence top-0 and the viewport height.
 * Once hydrated it is a button whose click (`intent`) loads and opens the dialog.
 */
function MobileMenuPlaceholder({ user, ...intent }: { user: HeaderUser | null } & IntentProps) {
  const hydrated = useHydrated();
  return (
    <>
      {hydrated ? (
        <button type="button" className={iconButtonClass} aria-label="Open menu" aria-haspopup="dialog" aria-expanded={false} {...intent}>
          <Menu className="size-6" aria-hidden="true" />
        </button>
      ) : (
        <a href="#site-menu" className={iconButtonClass} aria-label="Open menu">
          <Menu className="size-6" aria-hidden="true" />
        </a>
      )}
      <nav
        id="site-menu"
        aria-label="Mobile"
        className="fixed right-0 top-0 z-50 hidden h-dvh w-[min(20rem,100vw)] flex-col gap-1 overflow-y-auto bg-white p-3 shadow-xl target:flex"
      >
        <a href="#main" className={`${plainMenuLink} justify-end`}>
          Close menu
        </a>
        {navLinksFor(user).map((link) => (
          <a key={link.to} href={link.to} className={plainMenuLink}>
            {link.label}
          </a>
        ))}
        <hr className="my-2 border-slate-200" />
        {user ? (
          <>
            <a href="/messages" className={plainMenuLink}>
              Messages
            </a>
            <a href="/dashboard" className={plainMenuLink}>
              Dashboard
            </a>
            {user.userType === "developer" ? (
              <a href="/payouts" className={plainMenuLink}>
                Balance and payouts
              </a>
            ) : (
              <a href="/payments" className={plainMenuLink}>
                Payments
              </a>
            )}
            <a href="/profile" className={plainMenuLink}>
              Settings
            </a>
            <form method="post" action="/logout">
              <button type="submit" className={`${plainMenuLink} w-full text-left`}>
                Sign Out
              </button>
            </form>
          </>
        ) : (
          <>
            <a href="/register" className={plainMenuLink}>
              Sign Up
            </a>
            <a href="/login" className={plainMenuLink}>
              Login
            </a>
          </>
        )}
      </nav>
    </>
  );
}

/**
 * Site header on every page: word mark, the three main links, and either Login / Sign Up or the
 * signed-in tools (search, notifications with unread count, messages with unread count, user
 * menu). Counts are live (app/lib/realtime.tsx). Below 1024 px the links and the account items
 * move into a sheet opened by the menu button; messages become an icon.
 */
export function Header({ user }: { user: HeaderUser | null }) {
  const { counts } = useRealtime();
  const location = useLocation();
  return (
    <header className="sticky top-0 z-30 print:hidden border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-[1200px] items-center gap-2 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {navLinksFor(user).map((link) => {
            const current = navActive(link.to, location.pathname, location.search);
            return (
              <Link
                key={link.to}
                to={link.to}
                className={`${desktopNavClass({ isActive: current })} ${link.wide ? "gap-2 max-xl:px-2.5" : ""}`}
                aria-current={current ? "page" : undefined}
                title={link.wide ? link.label : undefined}
              >
                {link.wide ? (
                  // From 1024 to 1279 px the bar is crowded: an icon, its label for screen readers.
                  <>
                    {COMPACT_ICONS[link.to]}
                    <span className="sr-only xl:not-sr-only xl:whitespace-nowrap">{link.label}</span>
                  </>
                ) : (
                  link.label
                )}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {user ? (
            <>
              <Link to="/search" className={iconButtonClass} aria-label="Search" title="Search">
                <Search className="size-5" aria-hidden="true" />
              </Link>
              <OnIntent
                preload={loadNotifications}
                placeholder={(intent) => <NotificationsPlaceholder count={counts.notifications} {...intent} />}
                menu={() => <NotificationsMenu count={counts.notifications} initiallyOpen />}
              />
              <Link to="/messages" className={`${iconButtonClass} relative lg:hidden`} aria-label={unreadLabel("Messages", counts.messages)} title="Messages">
                <MessageSquare className="size-5" aria-hidden="true" />
                <CountBadge count={counts.messages} className="absolute right-1 top-1" />
              </Link>
              <div className="hidden lg:block">
                <NavLink to="/messages" className={(state) => `${desktopNavClass(state)} gap-2`} aria-label={unreadLabel("Messages", counts.messages)}>
                  <MessageSquare className="size-4" aria-hidden="true" />
                  {/* The space keeps the word and the count apart in the text speech input matches
                      against the name "Messages, 4 unread" (WCAG 2.5.3 Label in Name). */}
                  Messages <CountBadge count={counts.messages} />
                </NavLink>
              </div>
              <div className="ml-1 hidden lg:block">
                <OnIntent
                  preload={loadMenus}
                  placeholder={(intent) => <UserMenuPlaceholder user={user} {...intent} />}
                  menu={() => <UserMenu user={user} initiallyOpen />}
                />
              </div>
            </>
          ) : (
            <>
              <NavLink to="/login" className={desktopNavClass}>
                Login
              </NavLink>
              <Link to="/register" className={buttonClass("primary", "sm", "ml-1")}>
                Sign Up
              </Link>
            </>
          )}
          <div className="lg:hidden">
            <OnIntent
              preload={loadMenus}
              placeholder={(intent) => <MobileMenuPlaceholder user={user} {...intent} />}
              menu={() => <MobileMenu user={user} initiallyOpen />}
            />
          </div>
        </div>
      </div>
    </header>
  );
}
