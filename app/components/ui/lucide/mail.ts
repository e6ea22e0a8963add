import * as drawing from "lucide-react/icons/mail";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "mail" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Mail = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
