import * as drawing from "lucide-react/icons/star";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "star" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Star = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
