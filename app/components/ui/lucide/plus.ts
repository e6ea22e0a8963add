import * as drawing from "lucide-react/icons/plus";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "plus" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Plus = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
