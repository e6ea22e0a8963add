import * as drawing from "lucide-react/icons/search-x";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "search-x" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const SearchX = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
