/**
 * What the payments service needs from a provider (docs/decisions/0018-payment-providers.md):
 * start a checkout, verify a payment, read a signed webhook. Card details never reach us: the
 * client pays on the provider's page (or the test provider's own page).
 */

/** A payment's state at the provider. */
export type ProviderPaymentStatus = "success" | "failed" | "pending";

/** A webhook event after its signature was verified. */
export type ProviderEvent = { type: "charge"; reference: string; status: "success" | "failed"; amountCents: number } | { type: "ignored" };

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
}
