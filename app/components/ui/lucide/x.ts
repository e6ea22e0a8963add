import * as drawing from "lucide-react/icons/x";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "x" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const X = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
