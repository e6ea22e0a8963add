import * as drawing from "lucide-react/icons/flag";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "flag" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Flag = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
