import * as drawing from "lucide-react/icons/settings";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "settings" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Settings = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
