import * as drawing from "lucide-react/icons/monitor-smartphone";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "monitor-smartphone" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const MonitorSmartphone = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
