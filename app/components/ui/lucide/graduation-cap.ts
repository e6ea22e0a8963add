import * as drawing from "lucide-react/icons/graduation-cap";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "graduation-cap" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const GraduationCap = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
