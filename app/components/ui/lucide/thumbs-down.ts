import * as drawing from "lucide-react/icons/thumbs-down";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "thumbs-down" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const ThumbsDown = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
