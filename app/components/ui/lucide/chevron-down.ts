import * as drawing from "lucide-react/icons/chevron-down";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "chevron-down" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const ChevronDown = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
