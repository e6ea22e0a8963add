/** Server side of /payments (docs/product.md, Payments "A client's payments"). */
export { listMyPayments } from "../../server/payments/client-payments";
export { orHttpError } from "../lib/action.server";
export { requireUser } from "../lib/session.server";
