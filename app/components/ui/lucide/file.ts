import * as drawing from "lucide-react/icons/file";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "file" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const File = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
