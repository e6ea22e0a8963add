/** Types, links and classes shared by the header and its lazily loaded menus. */

export interface HeaderUser {
  id: string;
  name: string;
  userType: "client" | "developer";
}

export const NAV_LINKS = [
  { to: "/projects", label: "Browse Projects" },
  { to: "/developers", label: "Find Developers" },
  { to: "/how-it-works", label: "How It Works" },
] as const;

/** The name shown for a signed-in user (docs/product.md: falls back to "User"). */
export function displayName(user: HeaderUser) {
  return user.name.trim() || "User";
}

/** A 44 px square icon button or link. */
export const iconButtonClass = "inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900";

/** The user menu trigger: avatar, name, chevron. */
export const userTriggerClass =
  "inline-flex min-h-11 max-w-48 items-center gap-2 rounded-lg py-1 pl-1.5 pr-2 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100";
