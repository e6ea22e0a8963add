import * as drawing from "lucide-react/icons/file-image";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "file-image" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const FileImage = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
