import * as drawing from "lucide-react/icons/message-square";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "message-square" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const MessageSquare = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
