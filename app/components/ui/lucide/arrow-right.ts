import * as drawing from "lucide-react/icons/arrow-right";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "arrow-right" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const ArrowRight = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
