import * as drawing from "lucide-react/icons/share-2";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "share-2" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Share2 = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
