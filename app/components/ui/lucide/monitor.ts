import * as drawing from "lucide-react/icons/monitor";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "monitor" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Monitor = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
