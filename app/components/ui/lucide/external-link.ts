import * as drawing from "lucide-react/icons/external-link";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "external-link" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const ExternalLink = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
