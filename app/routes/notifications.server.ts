/** Server side of /notifications (docs/product.md, Messages and notifications). */
export { listNotifications, markAllNotificationsRead } from "../../server/notifications/service";
export { failure } from "../lib/action.server";
export { requireUser } from "../lib/session.server";
