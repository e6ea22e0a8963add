import * as drawing from "lucide-react/icons/circle-plus";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "circle-plus" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const PlusCircle = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
