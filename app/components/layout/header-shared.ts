/** Types, links, classes and a hook shared by the header and its lazily loaded menus. */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

export interface HeaderUser {
  id: string;
  name: string;
  userType: "client" | "developer";
  /** The profile photo's file id, or null for the initial (ui/avatar). */
  photoId?: string | null;
  /** Set (true) only for moderators: their menus link to /moderation. */
  moderator?: boolean;
}

export const NAV_LINKS = [
  { to: "/projects", label: "Browse Projects" },
  { to: "/developers", label: "Find Developers" },
  { to: "/how-it-works", label: "How It Works" },
] as const;

/**
 * A signed-in client's own links (docs/product.md, Journeys): their projects and the wizard. `wide`:
 * the desktop bar has room for their labels from 1280 px; from 1024 to 1279 px they show as icons
 * with the label as their name (under 1024 px they are in the menu sheet).
 */
const CLIENT_LINKS = [
  { to: "/dashboard?projects=all", label: "My projects", wide: true },
  { to: "/projects/new", label: "Post a project", wide: true },
] as const;

/** A signed-in developer's own link, shown as the client's are (docs/product.md, Journeys): their proposals. */
const DEVELOPER_LINKS = [{ to: "/proposals", label: "My proposals", wide: true }] as const;

/**
 * The header's main links for `user`: clients also get "My projects" and "Post a project",
 * developers "My proposals".
 */
export function navLinksFor(user: HeaderUser | null): ReadonlyArray<{ to: string; label: string; wide?: boolean }> {
  if (user?.userType === "client") return [...NAV_LINKS, ...CLIENT_LINKS];
  if (user?.userType === "developer") return [...NAV_LINKS, ...DEVELOPER_LINKS];
  return NAV_LINKS;
}

/**
 * Whether the link to `to` marks the page at `pathname` (and `search`) as current: a section and
 * the pages under it, except that /projects/new belongs to "Post a project", not "Browse Projects",
 * and "My projects" is only the dashboard's list of all projects.
 */
export function navActive(to: string, pathname: string, search = ""): boolean {
  const [path, query] = to.split("?") as [string, string | undefined];
  if (query) return pathname === path && new URLSearchParams(search).toString().includes(query);
  if (path === "/projects" && pathname === "/projects/new") return false;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The name shown for a signed-in user (docs/product.md: falls back to "User"). */
export function displayName(user: HeaderUser) {
  return user.name.trim() || "User";
}

/** The first word of a display name: what the account button shows (its accessible name keeps the whole name). */
export function firstName(name: string): string {
  return name.split(/\s+/)[0] || name;
}

/** A 44 px square icon button or link. */
export const iconButtonClass = "inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900";

/** The user menu trigger: avatar, name, chevron. */
export const userTriggerClass =
  "inline-flex min-h-11 max-w-36 items-center gap-2 rounded-lg py-1 pl-1.5 pr-2 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100";

/**
 * Open state that closes after any navigation (link click, back button, the redirect after signing
 * out); `initiallyOpen` when the header mounts the menu because its placeholder was clicked.
 */
export function useOpenUntilNavigation(initiallyOpen: boolean) {
  const [open, setOpen] = useState(initiallyOpen);
  const location = useLocation();
  const mountedAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== mountedAt.current) setOpen(false);
  }, [location.key]);
  return [open, setOpen] as const;
}
