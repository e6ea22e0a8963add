import * as drawing from "lucide-react/icons/user-cog";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "user-cog" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const UserCog = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
