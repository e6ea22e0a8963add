/** Server side of /support: the contact form (server/support/service.ts). */
export { submitSupportMessage } from "../../server/support/service";
export { failure, readBody, retryAfterHeaders } from "../lib/action.server";
