import * as drawing from "lucide-react/icons/folder-kanban";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "folder-kanban" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const FolderKanban = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
