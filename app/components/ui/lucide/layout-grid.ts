import * as drawing from "lucide-react/icons/layout-grid";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "layout-grid" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const LayoutGrid = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
