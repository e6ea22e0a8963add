/** Server side of /messages, /messages/new and /messages/{id} (docs/product.md, Messages and notifications). */
import { data } from "react-router";
import { AppError } from "../../server/errors";

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
export { createOnce, failure, newFormKey, readBody } from "../lib/action.server";
export { requireUser } from "../lib/session.server";

/**
 * Runs a domain call for a loader: an AppError (403 not a participant, 404, 400) becomes an HTTP
 * error response with its message, shown by the route's ErrorBoundary; anything else is rethrown.
 */
export async function orHttpError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError) throw data({ message: err.message }, { status: err.status });
    throw err;
  }
}
