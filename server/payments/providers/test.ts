/**
 * The built-in test provider (PAYMENTS_PROVIDER=test, the default; docs/product.md, Payments
 * "Test mode"): a checkout page of our own (/pay/test/{reference}) that says it is test mode and
 * lets the tester choose success, failure or a delayed payment. Success and failure call our
 * webhook endpoint back with an event signed with HMAC SHA-256 (key derived from the app secret),
 * as a real provider would; a delayed payment sends nothing and is found by the reconciliation job
 * through verify(). Its records live in test_provider_charges, which only this module touches.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { testProviderCharges } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { Bank } from "../../../shared/payments";
import type { PaymentProvider, ProviderEvent } from "./types";

/** The header carrying the test provider's signature (hex HMAC SHA-256 of the raw body). */
export const TEST_SIGNATURE_HEADER = "x-buildza-test-signature";

/** The key the test provider signs webhooks with, derived from the app secret. */
export function testWebhookKey(secret: string): string {
  return createHmac("sha256", secret).update("buildza-test-payments-webhook").digest("hex");
}

/** Hex HMAC SHA-256 of `body` with the test provider's key. */
export function signTestEvent(secret: string, body: string): string {
  return createHmac("sha256", testWebhookKey(secret)).update(body).digest("hex");
}

export type TestOutcome = "success" | "failed" | "delayed";

/** The test provider's bank list: South African banks with their universal branch codes. */
export const TEST_BANKS: Bank[] = [
  { code: "632005", name: "Absa Bank" },
  { code: "430000", name: "African Bank" },
  { code: "470010", name: "Capitec Bank" },
  { code: "679000", name: "Discovery Bank" },
  { code: "250655", name: "First National Bank" },
  { code: "580105", name: "Investec Bank" },
  { code: "198765", name: "Nedbank" },
  { code: "051001", name: "Standard Bank" },
  { code: "678910", name: "TymeBank" },
];

export function createTestProvider(deps: { db: Db; appUrl: string; secret: string }): PaymentProvider & {
  /** The tester's choice at the checkout page; returns the signed webhook to deliver (none when delayed). */
  complete(reference: string, outcome: TestOutcome): Promise<{ body: string; signature: string } | null>;
  /** The tester's choice for a payout (test mode): returns the signed transfer webhook to deliver. */
  completeTransfer(reference: string, outcome: "paid" | "failed" | "reversed"): Promise<{ body: string; signature: string } | null>;
  /** A charge as the checkout page shows it. */
  charge(reference: string): Promise<{ reference: string; amountCents: number; outcome: string }>;
} {
  const { db, secret } = deps;
  return {
    name: "test",
    async initialize({ reference, amountCents }) {
      await db.insert(testProviderCharges).values({ reference, amountCents }).onConflictDoNothing();
      return { checkoutUrl: `/pay/test/${encodeURIComponent(reference)}` };
    },
    async verify(reference) {
      const [c] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.reference, reference));
      if (!c) return { status: "failed", amountCents: 0 };
      return { status: c.outcome === "success" ? "success" : c.outcome === "failed" ? "failed" : "pending", amountCents: c.amountCents };
    },
    parseWebhook(rawBody, headers): ProviderEvent | null {
      const given = Buffer.from(headers.get(TEST_SIGNATURE_HEADER) ?? "", "utf8");
      const expected = Buffer.from(signTestEvent(secret, rawBody), "utf8");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let event: { event?: unknown; data?: { reference?: unknown; amount?: unknown } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        return null;
      }
      const reference = event.data?.reference;
      const amount = event.data?.amount;
      const transfer = { "transfer.success": "paid", "transfer.failed": "failed", "transfer.reversed": "reversed" } as const;
      if (typeof event.event === "string" && event.event in transfer && typeof reference === "string") {
        return { type: "transfer", reference, status: transfer[event.event as keyof typeof transfer] };
      }
      if ((event.event !== "charge.success" && event.event !== "charge.failed") || typeof reference !== "string" || !Number.isSafeInteger(amount)) {
        return { type: "ignored" };
      }
      return { type: "charge", reference, status: event.event === "charge.success" ? "success" : "failed", amountCents: amount as number };
    },
    async refund() {
      // The test provider holds no real money: nothing to send back.
    },
    async findRefund() {
      return false;
    },
    async listBanks() {
      return TEST_BANKS;
    },
    async createTransfer({ reference, amountCents }) {
      await db.insert(testProviderCharges).values({ reference, amountCents }).onConflictDoNothing();
      return { recipientCode: "RCP_test" };
    },
    async verifyTransfer(reference) {
      const [c] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.reference, reference));
      if (!c) return { status: "missing" };
      const status = c.outcome === "success" ? "paid" : c.outcome === "failed" ? "failed" : c.outcome === "reversed" ? "reversed" : "pending";
      return { status };
    },
    async completeTransfer(reference, outcome) {
      const [c] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.reference, reference));
      if (!c) throw new NotFoundError("Payout not found");
      const allowed = outcome === "reversed" ? c.outcome === "open" || c.outcome === "success" : c.outcome === "open";
      if (!allowed) return null;
      await db
        .update(testProviderCharges)
        .set({ outcome: outcome === "paid" ? "success" : outcome })
        .where(eq(testProviderCharges.reference, reference));
      const name = { paid: "transfer.success", failed: "transfer.failed", reversed: "transfer.reversed" }[outcome];
      const body = JSON.stringify({ event: name, data: { reference, amount: c.amountCents, currency: "ZAR" } });
      return { body, signature: signTestEvent(secret, body) };
    },
    async charge(reference) {
      const [c] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.reference, reference));
      if (!c) throw new NotFoundError("Payment not found");
      return { reference: c.reference, amountCents: c.amountCents, outcome: c.outcome };
    },
    async complete(reference, outcome) {
      const [c] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.reference, reference));
      if (!c) throw new NotFoundError("Payment not found");
      if (c.outcome !== "open") return null;
      if (outcome === "delayed") {
        // The money arrives, but no webhook comes: the reconciliation job finds it by verify().
        await db.update(testProviderCharges).set({ outcome: "success" }).where(eq(testProviderCharges.reference, reference));
        return null;
      }
      await db.update(testProviderCharges).set({ outcome }).where(eq(testProviderCharges.reference, reference));
      const body = JSON.stringify({
        event: outcome === "success" ? "charge.success" : "charge.failed",
        data: { reference, amount: c.amountCents, currency: "ZAR" },
      });
      return { body, signature: signTestEvent(secret, body) };
    },
  };
}
