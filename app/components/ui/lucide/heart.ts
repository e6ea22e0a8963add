import * as drawing from "lucide-react/icons/heart";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "heart" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Heart = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
