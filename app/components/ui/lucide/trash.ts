import * as drawing from "lucide-react/icons/trash";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "trash" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Trash2 = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
