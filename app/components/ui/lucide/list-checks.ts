import * as drawing from "lucide-react/icons/list-checks";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "list-checks" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const ListChecks = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
