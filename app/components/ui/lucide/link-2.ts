import * as drawing from "lucide-react/icons/link-2";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "link-2" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Link2 = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
