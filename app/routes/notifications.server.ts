/** Server side of /notifications (issue 5). */
export { listNotifications, markAllNotificationsRead } from "../../server/notifications/service";
export { failure } from "../lib/action.server";
export { requireUser } from "../lib/session.server";
