import * as drawing from "lucide-react/icons/bell-off";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "bell-off" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const BellOff = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
