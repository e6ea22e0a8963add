import * as drawing from "lucide-react/icons/handshake";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "handshake" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Handshake = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
