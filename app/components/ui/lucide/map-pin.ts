import * as drawing from "lucide-react/icons/map-pin";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "map-pin" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const MapPin = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
