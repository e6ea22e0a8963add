import * as drawing from "lucide-react/icons/layout-dashboard";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "layout-dashboard" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const LayoutDashboard = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
