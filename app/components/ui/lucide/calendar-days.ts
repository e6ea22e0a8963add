import * as drawing from "lucide-react/icons/calendar-days";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "calendar-days" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const CalendarDays = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
