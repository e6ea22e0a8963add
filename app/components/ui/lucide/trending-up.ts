import * as drawing from "lucide-react/icons/trending-up";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "trending-up" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const TrendingUp = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
