/** Server side of the contract page (/contracts/{id}; docs/product.md, Payments). */
export { answerMilestoneChange, proposeMilestoneChange } from "../../server/payments/changes";
export { getContract, type ContractView } from "../../server/payments/contracts";
export {
  approveMilestone,
  answerDispute,
  disputeMilestone,
  paymentsDeps,
  refundMilestone,
  requestMilestoneChanges,
  resolveDispute,
  startFunding,
  submitMilestone,
  verifyPayment,
} from "../../server/payments/service";
export { failure, orHttpError, readBody } from "../lib/action.server";
export { redirectWithFlash, setPaymentReturn, takePaymentReturn } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
export { UUID } from "../../server/lib/ids";
export { ownReview, type OwnReview } from "../../server/reviews/service";
