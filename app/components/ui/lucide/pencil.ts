import * as drawing from "lucide-react/icons/pencil";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "pencil" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Pencil = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
