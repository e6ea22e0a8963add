/** Server side of /notifications (docs/product.md, Messages and notifications). */
export { listNotifications, markAllNotificationsRead, markNotificationsSeen } from "../../server/notifications/service";
export { failure, readBody } from "../lib/action.server";
export { requireUser } from "../lib/session.server";
