import * as drawing from "lucide-react/icons/sliders-horizontal";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "sliders-horizontal" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const SlidersHorizontal = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
