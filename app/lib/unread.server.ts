/** Server side of the header badges: unread messages and notifications of the signed-in user (docs/product.md, Messages and notifications). */
export { unreadCounts } from "../../server/messages/service";
/** The signed-in user's profile photo for the header's account button (server/files/profile-photos.ts). */
export { profilePhotoOf } from "../../server/files/profile-photos";
