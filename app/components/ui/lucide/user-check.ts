import * as drawing from "lucide-react/icons/user-check";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "user-check" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const UserCheck = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
