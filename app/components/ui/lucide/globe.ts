import * as drawing from "lucide-react/icons/globe";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "globe" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Globe = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
