import * as drawing from "lucide-react/icons/users";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "users" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Users = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
