import * as drawing from "lucide-react/icons/rocket";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "rocket" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Rocket = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
