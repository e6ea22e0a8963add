import * as drawing from "lucide-react/icons/calendar-clock";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "calendar-clock" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const CalendarClock = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
