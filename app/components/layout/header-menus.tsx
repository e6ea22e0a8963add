/**
 * The interactive parts of the header (Radix Dialog sheet and DropdownMenu). Loaded lazily by
 * header.tsx so the Radix code stays out of the JavaScript every page downloads up front.
 */
import { ChevronDown, LayoutDashboard, LogOut, Menu, MessageSquare, Settings, ShieldCheck, Wallet, X } from "../ui/icons";
import type { ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import { Dialog, DropdownMenu } from "radix-ui";
import { useRealtime } from "../../lib/realtime";
import { Avatar as PersonPhoto } from "../ui/avatar";
import { buttonClass } from "../ui/button";
import { CountBadge } from "../ui/count-badge";
import { displayName, firstName, iconButtonClass, navActive, navLinksFor, useOpenUntilNavigation, userTriggerClass, type HeaderUser } from "./header-shared";

/** The account button's avatar (32 px): the profile photo or the initial (ui/avatar). */
export function Avatar({ name, photoId }: { name: string; photoId?: string | null }) {
  return <PersonPhoto name={name} photoId={photoId} px={32} className="size-8 text-sm" />;
}

/** The content of the user menu trigger, shared with the header's placeholder. */
export function UserTriggerContent({ name, photoId }: { name: string; photoId?: string | null }) {
  return (
    <>
      <Avatar name={name} photoId={photoId} />
      {/* The accessible name says the purpose and the whole name; the first name is its visible part (WCAG 2.5.3
          Label in Name), so "Sipho" shows where "Sipho Dl..." would be cut. From 1024 to 1279 px the bar is
          crowded: the avatar alone shows. */}
      <span className="sr-only">Account menu for {name}</span>
      <span className="truncate max-xl:hidden" aria-hidden="true">
        {firstName(name)}
      </span>
      <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
    </>
  );
}

const menuItem =
  "flex min-h-11 w-full cursor-pointer items-center gap-2.5 rounded-md px-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

/** Signed-in user menu (Radix DropdownMenu): Dashboard, Balance and payouts (developers) or Payments (clients), Moderation (moderators), Settings and Sign Out (a POST to /logout). */
export function UserMenu({ user, initiallyOpen = false }: { user: HeaderUser; initiallyOpen?: boolean }) {
  const name = displayName(user);
  const [open, setOpen] = useOpenUntilNavigation(initiallyOpen);
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger className={userTriggerClass}>
        <UserTriggerContent name={name} photoId={user.photoId} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-500">
            Signed in as <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to="/dashboard">
              <LayoutDashboard className="size-4 text-slate-500" aria-hidden="true" />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItem}>
            {user.userType === "developer" ? (
              <Link to="/payouts">
                <Wallet className="size-4 text-slate-500" aria-hidden="true" />
                Balance and payouts
              </Link>
            ) : (
              <Link to="/payments">
                <Wallet className="size-4 text-slate-500" aria-hidden="true" />
                Payments
              </Link>
            )}
          </DropdownMenu.Item>
          {user.moderator ? (
            <DropdownMenu.Item asChild className={menuItem}>
              <Link to="/moderation">
                <ShieldCheck className="size-4 text-slate-500" aria-hidden="true" />
                Moderation
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to="/profile">
              <Settings className="size-4 text-slate-500" aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <Form method="post" action="/logout">
            {/* preventDefault keeps the menu, and so this form, mounted until the submit has
                fired; the menu then goes away with the user after the redirect. */}
            <DropdownMenu.Item asChild className={menuItem} onSelect={(event) => event.preventDefault()}>
              <button type="submit">
                <LogOut className="size-4 text-slate-500" aria-hidden="true" />
                Sign Out
              </button>
            </DropdownMenu.Item>
          </Form>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function mobileNavClass({ isActive }: { isActive: boolean }) {
  return `flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100"
  }`;
}

function MobileLink({
  to,
  icon,
  children,
  onNavigate,
  current,
}: {
  to: string;
  icon?: ReactNode;
  children: ReactNode;
  onNavigate: () => void;
  /** Overrides NavLink's own prefix match (navActive). */
  current?: boolean;
}) {
  return (
    <NavLink
      to={to}
      className={(state) => mobileNavClass(current === undefined ? state : { ...state, isActive: current })}
      aria-current={current === undefined ? undefined : current ? "page" : false}
      onClick={onNavigate}
    >
      {icon}
      {children}
    </NavLink>
  );
}

/** The phone/tablet menu: a Radix Dialog sheet from the right that closes on navigation. */
export function MobileMenu({ user, initiallyOpen = false }: { user: HeaderUser | null; initiallyOpen?: boolean }) {
  const [open, setOpen] = useOpenUntilNavigation(initiallyOpen);
  const close = () => setOpen(false);
  const icon = "size-5 text-slate-500";
  const { counts } = useRealtime();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={iconButtonClass} aria-label="Open menu">
        <Menu className="size-6" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,100vw)] flex-col overflow-y-auto bg-white shadow-xl focus:outline-none"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="text-base font-semibold text-slate-900">Menu</Dialog.Title>
            <Dialog.Close className={iconButtonClass} aria-label="Close menu">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex flex-1 flex-col gap-1 p-3">
            {user ? (
              <div className="mb-2 flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-3">
                <Avatar name={displayName(user)} photoId={user.photoId} />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
                  <p className="text-xs text-slate-600">{user.userType === "developer" ? "Developer account" : "Client account"}</p>
                </div>
              </div>
            ) : null}
            {navLinksFor(user).map((link) => (
              <MobileLink key={link.to} to={link.to} current={navActive(link.to, location.pathname, location.search)} onNavigate={close}>
                {link.label}
              </MobileLink>
            ))}
            <hr className="my-2 border-slate-200" />
            {user ? (
              <>
                <MobileLink to="/messages" icon={<MessageSquare className={icon} aria-hidden="true" />} onNavigate={close}>
                  Messages <CountBadge count={counts.messages} className="ml-auto" />
                  {counts.messages > 0 ? <span className="sr-only">{counts.messages} unread</span> : null}
                </MobileLink>
                <MobileLink to="/dashboard" icon={<LayoutDashboard className={icon} aria-hidden="true" />} onNavigate={close}>
                  Dashboard
                </MobileLink>
                {user.userType === "developer" ? (
                  <MobileLink to="/payouts" icon={<Wallet className={icon} aria-hidden="true" />} onNavigate={close}>
                    Balance and payouts
                  </MobileLink>
                ) : (
                  <MobileLink to="/payments" icon={<Wallet className={icon} aria-hidden="true" />} onNavigate={close}>
                    Payments
                  </MobileLink>
                )}
                {user.moderator ? (
                  <MobileLink to="/moderation" icon={<ShieldCheck className={icon} aria-hidden="true" />} onNavigate={close}>
                    Moderation
                  </MobileLink>
                ) : null}
                <MobileLink to="/profile" icon={<Settings className={icon} aria-hidden="true" />} onNavigate={close}>
                  Settings
                </MobileLink>
                <Form method="post" action="/logout">
                  <button
                    type="submit"
                    className="flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100"
                  >
                    <LogOut className={icon} aria-hidden="true" />
                    Sign Out
                  </button>
                </Form>
              </>
            ) : (
              <div className="mt-2 grid gap-2">
                <Link to="/register" className={buttonClass("primary", "lg", "w-full")} onClick={close}>
                  Sign Up
                </Link>
                <Link to="/login" className={buttonClass("secondary", "lg", "w-full")} onClick={close}>
                  Login
                </Link>
              </div>
            )}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
