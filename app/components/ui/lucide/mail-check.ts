import * as drawing from "lucide-react/icons/mail-check";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "mail-check" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const MailCheck = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
