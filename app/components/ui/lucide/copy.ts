import * as drawing from "lucide-react/icons/copy";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "copy" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Copy = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
