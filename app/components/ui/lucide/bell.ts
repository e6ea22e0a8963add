import * as drawing from "lucide-react/icons/bell";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "bell" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Bell = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
