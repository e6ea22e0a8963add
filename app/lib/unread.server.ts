/** Server side of the header badges: unread messages and notifications of the signed-in user (docs/product.md, Messages and notifications). */
export { unreadCounts } from "../../server/messages/service";
