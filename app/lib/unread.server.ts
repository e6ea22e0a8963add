/**
 * Server side of the header: unread messages and notifications and the profile photo of the
 * signed-in user, in one query (docs/product.md, Messages and notifications).
 */
export { headerState } from "../../server/messages/service";
