import * as drawing from "lucide-react/icons/life-buoy";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "life-buoy" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const LifeBuoy = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
