/** Server side of the header badges: unread messages and notifications of the signed-in user (issue 5). */
export { unreadCounts } from "../../server/messages/service";
