import * as drawing from "lucide-react/icons/flask-conical";
import { staticIcon, type IconModule } from "../static-icon";

/** lucide's "flask-conical" (app/components/ui/icons.tsx lists every icon; decisions 0039, 0044). */
export const FlaskConical = /* @__PURE__ */ staticIcon((drawing as IconModule).__iconData);
