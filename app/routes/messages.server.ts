/** Server side of /messages, /messages/new and /messages/{id} (docs/product.md, Messages and notifications). */

export {
  findConversationTarget,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
  type ConversationSummary,
  type Message,
} from "../../server/messages/service";
export { blockState } from "../../server/blocks/service";
export { createOnce, failure, newFormKey, orHttpError, readBody } from "../lib/action.server";
export { requireUser } from "../lib/session.server";
