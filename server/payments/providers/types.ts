/**
 * What the payments service needs from a provider (docs/decisions/0018-payment-providers.md):
 * start a checkout, verify a payment, read a signed webhook. Card details never reach us: the
 * client pays on the provider's page (or the test provider's own page).
 */
import type { Bank } from "../../../shared/payments";

/** A payment's state at the provider. */
export type ProviderPaymentStatus = "success" | "failed" | "pending";

/**
 * A payout's (transfer's) state at the provider: pending until it is paid, failed or reversed;
 * missing when the provider has no transfer under our reference (it was never started).
 */
export type ProviderTransferStatus = "paid" | "failed" | "reversed" | "pending" | "missing";

/**
 * The provider answered and refused the request (a bad account number, a request it will not
 * take): sending it again will not help. Anything else thrown by a provider (network, timeout, a
 * 5xx) leaves open whether the provider acted on the request.
 */
export class ProviderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderRefusedError";
  }
}

/** A webhook event after its signature was verified. */
export type ProviderEvent =
  | { type: "charge"; reference: string; status: "success" | "failed"; amountCents: number }
  | { type: "transfer"; reference: string; status: "paid" | "failed" | "reversed"; reason?: string }
  | { type: "ignored" };

/** Where a payout goes. */
export interface TransferDestination {
  bankCode: string;
  accountNumber: string;
  holderName: string;
  /** The provider's recipient, when one was made before. */
  recipientCode: string | null;
}

export interface PaymentProvider {
  readonly name: "test" | "paystack";
  /** Starts a payment of `amountCents` (ZAR) under our `reference`; returns where to send the payer. */
  initialize(input: { reference: string; amountCents: number; email: string; callbackUrl: string }): Promise<{ checkoutUrl: string }>;
  /** Asks the provider how the payment with `reference` stands. */
  verify(reference: string): Promise<{ status: ProviderPaymentStatus; amountCents: number }>;
  /**
   * Verifies a webhook's signature over the raw body (constant-time comparison) and reads it.
   * Returns null when the signature is missing or wrong.
   */
  parseWebhook(rawBody: string, headers: Headers): ProviderEvent | null;
  /** The South African banks payouts can go to. */
  listBanks(): Promise<Bank[]>;
  /**
   * Starts a payout of `amountCents` to `to` under our `reference`; returns the recipient code to
   * keep for next time. Its outcome arrives as a transfer webhook. Throws ProviderRefusedError
   * when the provider answered no; any other error leaves open whether the transfer started.
   */
  createTransfer(input: { reference: string; amountCents: number; to: TransferDestination; reason: string }): Promise<{ recipientCode: string | null }>;
  /**
   * Asks the provider how the payout (transfer) with our `reference` stands ("missing": it has
   * none); used by the transfer sender before it tries again and by the payout reconciliation
   * when no transfer webhook arrived.
   */
  verifyTransfer(reference: string): Promise<{ status: ProviderTransferStatus; reason?: string }>;
  /**
   * Gives `amountCents` of the payment `reference` back to the payer; `key` (our refund's event key)
   * goes with it as the provider's merchant note, so the refund can be found again (findRefund).
   */
  refund(reference: string, amountCents: number, key: string): Promise<void>;
  /**
   * Whether the provider holds a refund of payment `reference` made with our `key` (a refund sent
   * before whose answer was lost). Answers false when it cannot tell.
   */
  findRefund(reference: string, key: string): Promise<boolean>;
}
