/** The request's logger (server/log.ts) for app modules that are not *.server.ts route helpers. */
export { log } from "../../server/log";
