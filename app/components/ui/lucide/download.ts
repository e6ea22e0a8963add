import * as drawing from "lucide-react/icons/download";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "download" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Download = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
