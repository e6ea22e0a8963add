/** Server side of /payouts and its documents (docs/product.md, Payments "Payouts" and "Documents"). */
export { listMyInvoices, myLedgerCsv, myLedgerLines, parseMonth, taxInvoicePdf, fundingReceipt } from "../../server/payments/documents";
export { listBanks, payoutsOverview, requestPayout, saveBankAccount } from "../../server/payments/payouts";
export { completeTestPayout, paymentsDeps } from "../../server/payments/service";
export { createOnce, failure, newFormKey, orHttpError, readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
