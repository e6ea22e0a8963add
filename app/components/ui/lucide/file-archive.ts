import * as drawing from "lucide-react/icons/file-archive";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "file-archive" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const FileArchive = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
