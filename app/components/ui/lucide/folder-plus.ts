import * as drawing from "lucide-react/icons/folder-plus";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "folder-plus" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const FolderPlus = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
