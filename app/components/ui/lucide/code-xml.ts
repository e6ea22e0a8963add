import * as drawing from "lucide-react/icons/code-xml";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "code-xml" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const Code2 = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
