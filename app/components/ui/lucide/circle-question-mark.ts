import * as drawing from "lucide-react/icons/circle-question-mark";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "circle-question-mark" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const HelpCircle = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
