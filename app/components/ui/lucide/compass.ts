import * as drawing from "lucide-react/icons/compass";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "compass" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Compass = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
