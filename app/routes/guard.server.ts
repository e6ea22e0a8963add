/** Route protection for screens that only need a signed-in user. */
export { requireUser } from "../lib/session.server";
