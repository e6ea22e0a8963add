import * as drawing from "lucide-react/icons/send";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "send" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Send = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
