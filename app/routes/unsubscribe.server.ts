/** Server side of /unsubscribe: the signed link at the bottom of every switchable email (server/email/preferences.ts). */
export { describeUnsubscribe, INVALID_UNSUBSCRIBE, unsubscribe } from "../../server/email/preferences";
export { AppError } from "../../server/errors";
