/**
 * The app's icons: lucide's drawings rendered as one `<svg>` element with its inner markup set once
 * per icon, instead of lucide-react's component, which builds every `<path>`, `<rect>` and
 * `<circle>` as its own React element on each render (docs/decisions/0039-static-icons.md).
 * The server renders about a quarter fewer elements per list page and the browser hydrates that
 * many fewer; the markup is byte for byte what lucide-react renders (tests/unit/icons.test.ts).
 *
 * Import icons from here, never from "lucide-react" (eslint's no-restricted-imports says so). A
 * new icon is one import of "lucide-react/icons/<file>" and one `staticIcon` line below.
 */
import type { ReactElement, SVGProps } from "react";
import type { LucideIconData } from "lucide-react";
import * as arrowLeftIcon from "lucide-react/icons/arrow-left";
import * as arrowRightIcon from "lucide-react/icons/arrow-right";
import * as awardIcon from "lucide-react/icons/award";
import * as badgeCheckIcon from "lucide-react/icons/badge-check";
import * as banIcon from "lucide-react/icons/ban";
import * as bellIcon from "lucide-react/icons/bell";
import * as bellOffIcon from "lucide-react/icons/bell-off";
import * as bellRingIcon from "lucide-react/icons/bell-ring";
import * as bookOpenIcon from "lucide-react/icons/book-open";
import * as briefcaseIcon from "lucide-react/icons/briefcase";
import * as calendarIcon from "lucide-react/icons/calendar";
import * as calendarClockIcon from "lucide-react/icons/calendar-clock";
import * as calendarDaysIcon from "lucide-react/icons/calendar-days";
import * as checkIcon from "lucide-react/icons/check";
import * as chevronDownIcon from "lucide-react/icons/chevron-down";
import * as circleCheckIcon from "lucide-react/icons/circle-check";
import * as circleExclamationPointIcon from "lucide-react/icons/circle-exclamation-point";
import * as circlePlusIcon from "lucide-react/icons/circle-plus";
import * as circleQuestionMarkIcon from "lucide-react/icons/circle-question-mark";
import * as circleXIcon from "lucide-react/icons/circle-x";
import * as clockIcon from "lucide-react/icons/clock";
import * as codeXmlIcon from "lucide-react/icons/code-xml";
import * as compassIcon from "lucide-react/icons/compass";
import * as copyIcon from "lucide-react/icons/copy";
import * as downloadIcon from "lucide-react/icons/download";
import * as externalLinkIcon from "lucide-react/icons/external-link";
import * as eyeIcon from "lucide-react/icons/eye";
import * as eyeOffIcon from "lucide-react/icons/eye-off";
import * as fileIcon from "lucide-react/icons/file";
import * as fileArchiveIcon from "lucide-react/icons/file-archive";
import * as fileImageIcon from "lucide-react/icons/file-image";
import * as filePenIcon from "lucide-react/icons/file-pen";
import * as fileSpreadsheetIcon from "lucide-react/icons/file-spreadsheet";
import * as fileTextIcon from "lucide-react/icons/file-text";
import * as flagIcon from "lucide-react/icons/flag";
import * as flaskConicalIcon from "lucide-react/icons/flask-conical";
import * as folderKanbanIcon from "lucide-react/icons/folder-kanban";
import * as folderPlusIcon from "lucide-react/icons/folder-plus";
import * as globeIcon from "lucide-react/icons/globe";
import * as graduationCapIcon from "lucide-react/icons/graduation-cap";
import * as handshakeIcon from "lucide-react/icons/handshake";
import * as heartIcon from "lucide-react/icons/heart";
import * as keyRoundIcon from "lucide-react/icons/key-round";
import * as landmarkIcon from "lucide-react/icons/landmark";
import * as layoutDashboardIcon from "lucide-react/icons/layout-dashboard";
import * as layoutGridIcon from "lucide-react/icons/layout-grid";
import * as lifeBuoyIcon from "lucide-react/icons/life-buoy";
import * as link2Icon from "lucide-react/icons/link-2";
import * as listIcon from "lucide-react/icons/list";
import * as listChecksIcon from "lucide-react/icons/list-checks";
import * as loaderCircleIcon from "lucide-react/icons/loader-circle";
import * as logOutIcon from "lucide-react/icons/log-out";
import * as mailIcon from "lucide-react/icons/mail";
import * as mailCheckIcon from "lucide-react/icons/mail-check";
import * as mailExclamationPointIcon from "lucide-react/icons/mail-exclamation-point";
import * as mailPlusIcon from "lucide-react/icons/mail-plus";
import * as mapPinIcon from "lucide-react/icons/map-pin";
import * as menuIcon from "lucide-react/icons/menu";
import * as messageCircleIcon from "lucide-react/icons/message-circle";
import * as messageSquareIcon from "lucide-react/icons/message-square";
import * as messagesSquareIcon from "lucide-react/icons/messages-square";
import * as monitorIcon from "lucide-react/icons/monitor";
import * as monitorSmartphoneIcon from "lucide-react/icons/monitor-smartphone";
import * as paperclipIcon from "lucide-react/icons/paperclip";
import * as pencilIcon from "lucide-react/icons/pencil";
import * as plusIcon from "lucide-react/icons/plus";
import * as quoteIcon from "lucide-react/icons/quote";
import * as rocketIcon from "lucide-react/icons/rocket";
import * as searchIcon from "lucide-react/icons/search";
import * as searchXIcon from "lucide-react/icons/search-x";
import * as sendIcon from "lucide-react/icons/send";
import * as sendHorizontalIcon from "lucide-react/icons/send-horizontal";
import * as settingsIcon from "lucide-react/icons/settings";
import * as share2Icon from "lucide-react/icons/share-2";
import * as shieldCheckIcon from "lucide-react/icons/shield-check";
import * as shieldExclamationPointIcon from "lucide-react/icons/shield-exclamation-point";
import * as shoppingCartIcon from "lucide-react/icons/shopping-cart";
import * as slidersHorizontalIcon from "lucide-react/icons/sliders-horizontal";
import * as smartphoneIcon from "lucide-react/icons/smartphone";
import * as sparklesIcon from "lucide-react/icons/sparkles";
import * as starIcon from "lucide-react/icons/star";
import * as tabletIcon from "lucide-react/icons/tablet";
import * as thumbsDownIcon from "lucide-react/icons/thumbs-down";
import * as trashIcon from "lucide-react/icons/trash";
import * as trendingUpIcon from "lucide-react/icons/trending-up";
import * as triangleExclamationPointIcon from "lucide-react/icons/triangle-exclamation-point";
import * as userCheckIcon from "lucide-react/icons/user-check";
import * as userCogIcon from "lucide-react/icons/user-cog";
import * as usersIcon from "lucide-react/icons/users";
import * as walletIcon from "lucide-react/icons/wallet";
import * as xIcon from "lucide-react/icons/x";

/** What an icon accepts: any `<svg>` attribute, plus `size` (px, sets width and height; default 24). */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML"> {
  size?: number | string;
}

/** An icon component (the type a prop or a lookup table holds). */
export type Icon = ((props: IconProps) => ReactElement) & { displayName?: string };

const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };

/** `value` safe inside a double-quoted attribute. */
function escapeAttribute(value: unknown): string {
  return String(value).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
}

/** True when the caller gave the icon an accessible name or role, so it must not be aria-hidden (as lucide-react decides). */
function hasAccessibleProp(props: Record<string, unknown>): boolean {
  for (const key in props) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null) return true;
  }
  return false;
}

/** Class names joined with duplicates dropped, as lucide-react joins them. */
function mergeClasses(...classes: (string | undefined)[]): string {
  const tokens = new Set<string>();
  for (const list of classes) for (const token of (list ?? "").split(/\s+/)) if (token) tokens.add(token);
  return [...tokens].join(" ");
}

/**
 * An icon component for the lucide icon module `module` (`import * as m from "lucide-react/icons/<file>"`,
 * whose `__iconData` holds the drawing). Throws at import time when the module has no drawing
 * (a lucide-react upgrade that renamed it), so a broken icon fails the build's first render, not a page.
 */
export function staticIcon(module: unknown): Icon {
  const data = (module as { __iconData?: LucideIconData }).__iconData;
  if (!data?.node) throw new Error("lucide-react icon module without __iconData");
  // Nested nodes are not drawn by lucide-react either (its Icon renders each top-level node's tag and attributes).
  const inner = {
    __html: data.node
      .map(([tag, attributes]) => {
        const list = Object.entries(attributes)
          .filter(([name, value]) => name !== "key" && value != null)
          .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
          .join("");
        return `<${tag}${list}></${tag}>`;
      })
      .join(""),
  };
  const viewBox = `0 0 ${data.size ?? 24} ${data.size ?? 24}`;
  const baseClass = ["lucide", `lucide-${data.name}`, ...(data.aliases ?? []).filter((a) => typeof a === "string" && a.trim()).map((a) => `lucide-${a}`)].join(
    " ",
  );

  function StaticIcon({ size, width, height, strokeWidth, className, color, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={width ?? size ?? 24}
        height={height ?? size ?? 24}
        viewBox={viewBox}
        fill="none"
        stroke={color || "currentColor"}
        strokeWidth={strokeWidth ?? 2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={mergeClasses(baseClass, className)}
        aria-hidden={hasAccessibleProp(rest) ? undefined : "true"}
        {...rest}
        dangerouslySetInnerHTML={inner}
      />
    );
  }
  StaticIcon.displayName = data.name;
  return StaticIcon;
}

export const AlertCircle = staticIcon(circleExclamationPointIcon);
export const AlertTriangle = staticIcon(triangleExclamationPointIcon);
export const ArrowLeft = staticIcon(arrowLeftIcon);
export const ArrowRight = staticIcon(arrowRightIcon);
export const Award = staticIcon(awardIcon);
export const BadgeCheck = staticIcon(badgeCheckIcon);
export const Ban = staticIcon(banIcon);
export const Bell = staticIcon(bellIcon);
export const BellOff = staticIcon(bellOffIcon);
export const BellRing = staticIcon(bellRingIcon);
export const BookOpen = staticIcon(bookOpenIcon);
export const Briefcase = staticIcon(briefcaseIcon);
export const Calendar = staticIcon(calendarIcon);
export const CalendarClock = staticIcon(calendarClockIcon);
export const CalendarDays = staticIcon(calendarDaysIcon);
export const Check = staticIcon(checkIcon);
export const CheckCircle2 = staticIcon(circleCheckIcon);
export const ChevronDown = staticIcon(chevronDownIcon);
export const CircleCheck = staticIcon(circleCheckIcon);
export const Clock = staticIcon(clockIcon);
export const Code2 = staticIcon(codeXmlIcon);
export const Compass = staticIcon(compassIcon);
export const Copy = staticIcon(copyIcon);
export const Download = staticIcon(downloadIcon);
export const ExternalLink = staticIcon(externalLinkIcon);
export const Eye = staticIcon(eyeIcon);
export const EyeOff = staticIcon(eyeOffIcon);
export const File = staticIcon(fileIcon);
export const FileArchive = staticIcon(fileArchiveIcon);
export const FileImage = staticIcon(fileImageIcon);
export const FilePen = staticIcon(filePenIcon);
export const FileSpreadsheet = staticIcon(fileSpreadsheetIcon);
export const FileText = staticIcon(fileTextIcon);
export const Flag = staticIcon(flagIcon);
export const FlaskConical = staticIcon(flaskConicalIcon);
export const FolderKanban = staticIcon(folderKanbanIcon);
export const FolderPlus = staticIcon(folderPlusIcon);
export const Globe = staticIcon(globeIcon);
export const GraduationCap = staticIcon(graduationCapIcon);
export const Handshake = staticIcon(handshakeIcon);
export const Heart = staticIcon(heartIcon);
export const HelpCircle = staticIcon(circleQuestionMarkIcon);
export const KeyRound = staticIcon(keyRoundIcon);
export const Landmark = staticIcon(landmarkIcon);
export const LayoutDashboard = staticIcon(layoutDashboardIcon);
export const LayoutGrid = staticIcon(layoutGridIcon);
export const LifeBuoy = staticIcon(lifeBuoyIcon);
export const Link2 = staticIcon(link2Icon);
export const List = staticIcon(listIcon);
export const ListChecks = staticIcon(listChecksIcon);
export const Loader2 = staticIcon(loaderCircleIcon);
export const LogOut = staticIcon(logOutIcon);
export const Mail = staticIcon(mailIcon);
export const MailCheck = staticIcon(mailCheckIcon);
export const MailPlus = staticIcon(mailPlusIcon);
export const MailWarning = staticIcon(mailExclamationPointIcon);
export const MapPin = staticIcon(mapPinIcon);
export const Menu = staticIcon(menuIcon);
export const MessageCircle = staticIcon(messageCircleIcon);
export const MessageSquare = staticIcon(messageSquareIcon);
export const MessagesSquare = staticIcon(messagesSquareIcon);
export const Monitor = staticIcon(monitorIcon);
export const MonitorSmartphone = staticIcon(monitorSmartphoneIcon);
export const Paperclip = staticIcon(paperclipIcon);
export const Pencil = staticIcon(pencilIcon);
export const Plus = staticIcon(plusIcon);
export const PlusCircle = staticIcon(circlePlusIcon);
export const Quote = staticIcon(quoteIcon);
export const Rocket = staticIcon(rocketIcon);
export const Search = staticIcon(searchIcon);
export const SearchX = staticIcon(searchXIcon);
export const Send = staticIcon(sendIcon);
export const SendHorizontal = staticIcon(sendHorizontalIcon);
export const Settings = staticIcon(settingsIcon);
export const Share2 = staticIcon(share2Icon);
export const ShieldAlert = staticIcon(shieldExclamationPointIcon);
export const ShieldCheck = staticIcon(shieldCheckIcon);
export const ShoppingCart = staticIcon(shoppingCartIcon);
export const SlidersHorizontal = staticIcon(slidersHorizontalIcon);
export const Smartphone = staticIcon(smartphoneIcon);
export const Sparkles = staticIcon(sparklesIcon);
export const Star = staticIcon(starIcon);
export const Tablet = staticIcon(tabletIcon);
export const ThumbsDown = staticIcon(thumbsDownIcon);
export const Trash2 = staticIcon(trashIcon);
export const TrendingUp = staticIcon(trendingUpIcon);
export const TriangleAlert = staticIcon(triangleExclamationPointIcon);
export const UserCheck = staticIcon(userCheckIcon);
export const UserCog = staticIcon(userCogIcon);
export const Users = staticIcon(usersIcon);
export const Wallet = staticIcon(walletIcon);
export const X = staticIcon(xIcon);
export const XCircle = staticIcon(circleXIcon);
export const SearchIcon = Search;
