import * as drawing from "lucide-react/icons/menu";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "menu" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Menu = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
