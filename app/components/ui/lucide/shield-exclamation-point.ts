import * as drawing from "lucide-react/icons/shield-exclamation-point";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "shield-exclamation-point" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const ShieldAlert = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
