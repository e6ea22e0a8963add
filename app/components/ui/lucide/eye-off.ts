import * as drawing from "lucide-react/icons/eye-off";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "eye-off" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const EyeOff = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
