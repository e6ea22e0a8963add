import * as drawing from "lucide-react/icons/log-out";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "log-out" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const LogOut = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
