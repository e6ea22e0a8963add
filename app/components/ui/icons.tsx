/**
 * The app's icons: lucide's drawings rendered as one `<svg>` element with its inner markup set once
 * per icon, instead of lucide-react's component, which builds every `<path>`, `<rect>` and
 * `<circle>` as its own React element on each render (docs/decisions/0039-static-icons.md).
 * The server renders about a quarter fewer elements per list page and the browser hydrates that
 * many fewer; the markup is byte for byte what lucide-react renders (tests/unit/icons.test.ts).
 *
 * Import icons from here, never from "lucide-react" (eslint's no-restricted-imports says so). Each
 * icon is its own module under ./lucide/ (one `staticIcon` call), re-exported below, so a route's
 * JavaScript carries only the drawings it uses (decision 0044). A new icon is one such module and
 * one line here.
 */

export { staticIcon, type Icon, type IconProps } from "./static-icon";
export { ArrowLeft } from "./lucide/arrow-left";
export { ArrowRight } from "./lucide/arrow-right";
export { Award } from "./lucide/award";
export { BadgeCheck } from "./lucide/badge-check";
export { Ban } from "./lucide/ban";
export { Bell } from "./lucide/bell";
export { BellOff } from "./lucide/bell-off";
export { BellRing } from "./lucide/bell-ring";
export { BookOpen } from "./lucide/book-open";
export { Briefcase } from "./lucide/briefcase";
export { Calendar } from "./lucide/calendar";
export { CalendarClock } from "./lucide/calendar-clock";
export { CalendarDays } from "./lucide/calendar-days";
export { Check } from "./lucide/check";
export { ChevronDown } from "./lucide/chevron-down";
export { CheckCircle2, CircleCheck } from "./lucide/circle-check";
export { AlertCircle } from "./lucide/circle-exclamation-point";
export { PlusCircle } from "./lucide/circle-plus";
export { HelpCircle } from "./lucide/circle-question-mark";
export { XCircle } from "./lucide/circle-x";
export { Clock } from "./lucide/clock";
export { Code2 } from "./lucide/code-xml";
export { Compass } from "./lucide/compass";
export { Copy } from "./lucide/copy";
export { Download } from "./lucide/download";
export { ExternalLink } from "./lucide/external-link";
export { Eye } from "./lucide/eye";
export { EyeOff } from "./lucide/eye-off";
export { File } from "./lucide/file";
export { FileArchive } from "./lucide/file-archive";
export { FileImage } from "./lucide/file-image";
export { FilePen } from "./lucide/file-pen";
export { FileSpreadsheet } from "./lucide/file-spreadsheet";
export { FileText } from "./lucide/file-text";
export { Flag } from "./lucide/flag";
export { FlaskConical } from "./lucide/flask-conical";
export { FolderKanban } from "./lucide/folder-kanban";
export { FolderPlus } from "./lucide/folder-plus";
export { Globe } from "./lucide/globe";
export { GraduationCap } from "./lucide/graduation-cap";
export { Handshake } from "./lucide/handshake";
export { Heart } from "./lucide/heart";
export { KeyRound } from "./lucide/key-round";
export { Landmark } from "./lucide/landmark";
export { LayoutDashboard } from "./lucide/layout-dashboard";
export { LayoutGrid } from "./lucide/layout-grid";
export { LifeBuoy } from "./lucide/life-buoy";
export { Link2 } from "./lucide/link-2";
export { List } from "./lucide/list";
export { ListChecks } from "./lucide/list-checks";
export { Loader2 } from "./lucide/loader-circle";
export { LogOut } from "./lucide/log-out";
export { Mail } from "./lucide/mail";
export { MailCheck } from "./lucide/mail-check";
export { MailWarning } from "./lucide/mail-exclamation-point";
export { MailPlus } from "./lucide/mail-plus";
export { MapPin } from "./lucide/map-pin";
export { Menu } from "./lucide/menu";
export { MessageCircle } from "./lucide/message-circle";
export { MessageSquare } from "./lucide/message-square";
export { MessagesSquare } from "./lucide/messages-square";
export { Monitor } from "./lucide/monitor";
export { MonitorSmartphone } from "./lucide/monitor-smartphone";
export { Paperclip } from "./lucide/paperclip";
export { Pencil } from "./lucide/pencil";
export { Plus } from "./lucide/plus";
export { Quote } from "./lucide/quote";
export { Rocket } from "./lucide/rocket";
export { Scale } from "./lucide/scale";
export { Search } from "./lucide/search";
export { SearchX } from "./lucide/search-x";
export { Send } from "./lucide/send";
export { SendHorizontal } from "./lucide/send-horizontal";
export { Settings } from "./lucide/settings";
export { Share2 } from "./lucide/share-2";
export { ShieldCheck } from "./lucide/shield-check";
export { ShieldAlert } from "./lucide/shield-exclamation-point";
export { ShoppingCart } from "./lucide/shopping-cart";
export { SlidersHorizontal } from "./lucide/sliders-horizontal";
export { Smartphone } from "./lucide/smartphone";
export { Sparkles } from "./lucide/sparkles";
export { Star } from "./lucide/star";
export { Tablet } from "./lucide/tablet";
export { ThumbsDown } from "./lucide/thumbs-down";
export { Trash2 } from "./lucide/trash";
export { TrendingUp } from "./lucide/trending-up";
export { AlertTriangle, TriangleAlert } from "./lucide/triangle-exclamation-point";
export { UserCheck } from "./lucide/user-check";
export { UserCog } from "./lucide/user-cog";
export { Users } from "./lucide/users";
export { Wallet } from "./lucide/wallet";
export { X } from "./lucide/x";
export { Search as SearchIcon } from "./lucide/search";
