import * as drawing from "lucide-react/icons/file-pen";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "file-pen" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const FilePen = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
