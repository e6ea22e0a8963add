/** Server side of the test provider's checkout page (/pay/test/{reference}; docs/product.md, Payments "Test mode"). */
export { completeTestCheckout, getCheckout, paymentsDeps } from "../../server/payments/service";
export { failure, readBody } from "../lib/action.server";
export { requireUser } from "../lib/session.server";
