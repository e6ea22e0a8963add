import * as drawing from "lucide-react/icons/arrow-left";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "arrow-left" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const ArrowLeft = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
