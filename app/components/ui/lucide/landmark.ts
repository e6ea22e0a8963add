import * as drawing from "lucide-react/icons/landmark";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "landmark" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Landmark = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
