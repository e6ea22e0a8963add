import * as drawing from "lucide-react/icons/search";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "search" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Search = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
