import * as drawing from "lucide-react/icons/triangle-exclamation-point";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "triangle-exclamation-point" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const AlertTriangle = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
export const TriangleAlert = AlertTriangle;
