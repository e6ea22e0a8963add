import * as drawing from "lucide-react/icons/briefcase";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "briefcase" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Briefcase = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
