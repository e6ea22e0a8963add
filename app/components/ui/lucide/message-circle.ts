import * as drawing from "lucide-react/icons/message-circle";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "message-circle" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const MessageCircle = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
