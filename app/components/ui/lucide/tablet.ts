import * as drawing from "lucide-react/icons/tablet";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "tablet" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Tablet = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
