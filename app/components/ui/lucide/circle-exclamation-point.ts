import * as drawing from "lucide-react/icons/circle-exclamation-point";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "circle-exclamation-point" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const AlertCircle = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
