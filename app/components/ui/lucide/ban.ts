import * as drawing from "lucide-react/icons/ban";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "ban" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Ban = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
