import * as drawing from "lucide-react/icons/paperclip";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "paperclip" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Paperclip = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
