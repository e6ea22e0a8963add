/** Server-only helpers for app modules that are not route helpers (app/entry.server.tsx): the request's logger and error kinds. */
export { log } from "../../server/log";
export { asUnavailable } from "../../server/db/faults";
export { AppError } from "../../server/errors";
