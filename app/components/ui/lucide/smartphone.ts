import * as drawing from "lucide-react/icons/smartphone";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "smartphone" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Smartphone = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
