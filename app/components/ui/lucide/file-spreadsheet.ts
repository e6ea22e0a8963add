import * as drawing from "lucide-react/icons/file-spreadsheet";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "file-spreadsheet" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const FileSpreadsheet = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
