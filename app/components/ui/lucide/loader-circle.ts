import * as drawing from "lucide-react/icons/loader-circle";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "loader-circle" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Loader2 = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
