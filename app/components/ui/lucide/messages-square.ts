import * as drawing from "lucide-react/icons/messages-square";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "messages-square" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const MessagesSquare = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
