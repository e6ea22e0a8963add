import * as drawing from "lucide-react/icons/mail-exclamation-point";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "mail-exclamation-point" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const MailWarning = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
