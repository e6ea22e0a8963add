import * as drawing from "lucide-react/icons/list";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "list" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const List = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
