import * as drawing from "lucide-react/icons/sparkles";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "sparkles" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Sparkles = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
