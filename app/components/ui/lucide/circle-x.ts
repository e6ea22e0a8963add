import * as drawing from "lucide-react/icons/circle-x";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "circle-x" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const XCircle = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
