import * as drawing from "lucide-react/icons/circle-check";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "circle-check" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const CheckCircle2 = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
export const CircleCheck = CheckCircle2;
