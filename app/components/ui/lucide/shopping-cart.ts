import * as drawing from "lucide-react/icons/shopping-cart";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "shopping-cart" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const ShoppingCart = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
