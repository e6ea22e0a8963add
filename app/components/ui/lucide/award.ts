import * as drawing from "lucide-react/icons/award";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "award" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Award = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
