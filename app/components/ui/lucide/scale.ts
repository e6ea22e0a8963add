import * as drawing from "lucide-react/icons/scale";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "scale" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Scale = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
