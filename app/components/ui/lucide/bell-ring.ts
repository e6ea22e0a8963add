import * as drawing from "lucide-react/icons/bell-ring";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "bell-ring" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const BellRing = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
