import * as drawing from "lucide-react/icons/send-horizontal";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "send-horizontal" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const SendHorizontal = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
