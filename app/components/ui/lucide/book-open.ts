import * as drawing from "lucide-react/icons/book-open";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "book-open" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const BookOpen = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
