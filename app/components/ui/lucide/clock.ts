import * as drawing from "lucide-react/icons/clock";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "clock" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Clock = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
