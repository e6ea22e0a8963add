import * as drawing from "lucide-react/icons/file-text";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "file-text" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const FileText = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
