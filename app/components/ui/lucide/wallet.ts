import * as drawing from "lucide-react/icons/wallet";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "wallet" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Wallet = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
