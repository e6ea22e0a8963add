import * as drawing from "lucide-react/icons/quote";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "quote" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Quote = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
