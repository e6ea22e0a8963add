import * as drawing from "lucide-react/icons/key-round";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "key-round" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const KeyRound = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
