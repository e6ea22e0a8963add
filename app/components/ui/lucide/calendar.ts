import * as drawing from "lucide-react/icons/calendar";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "calendar" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Calendar = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
