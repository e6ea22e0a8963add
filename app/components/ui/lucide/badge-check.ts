import * as drawing from "lucide-react/icons/badge-check";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "badge-check" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const BadgeCheck = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
