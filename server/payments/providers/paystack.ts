/**
 * Paystack (PAYMENTS_PROVIDER=paystack; decision 0018) through its REST API with the secret key:
 * transactions initialized in ZAR (amounts in cents, Paystack's subunit), verified by reference,
 * confirmed by the `charge.success` webhook whose `x-paystack-signature` is the HMAC SHA-512 of
 * the raw body with the secret key (compared in constant time); refunds; South African banks;
 * transfer recipients of type `basa` and transfers, settled by `transfer.success`,
 * `transfer.failed` and `transfer.reversed` (or by verifying the transfer). Card details stay on Paystack's checkout.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Bank } from "../../../shared/payments";
import { ProviderRefusedError, type PaymentProvider, type ProviderEvent } from "./types";

export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";

/** Hex HMAC SHA-512 of `body` with `secretKey`, as Paystack signs webhooks. */
export function paystackSignature(secretKey: string, body: string): string {
  return createHmac("sha512", secretKey).update(body).digest("hex");
}

/** A Paystack answer that is neither a success nor a refusal (`status`: the HTTP status). */
class PaystackError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "PaystackError";
  }
}

interface PaystackAnswer<T> {
  status: boolean;
  message: string;
  data: T;
}

export function createPaystackProvider(options: { secretKey: string; baseUrl: string; fetch?: typeof fetch }): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const res = await doFetch(`${options.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${options.secretKey}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await res.json().catch(() => null)) as PaystackAnswer<T> | null;
    if (!res.ok || !answer?.status) {
      const message = `Paystack ${method} ${path} answered ${res.status}: ${answer?.message ?? "no message"}`;
      // 400 and 422 are Paystack's "this request is wrong" answers (validation, an account it
      // cannot pay); 401, 404, 429 and 5xx say nothing final about the request itself.
      throw res.status === 400 || res.status === 422 ? new ProviderRefusedError(message) : new PaystackError(message, res.status);
    }
    return answer.data;
  }
  return {
    name: "paystack",
    async initialize({ reference, amountCents, email, callbackUrl }) {
      const data = await call<{ authorization_url: string }>("POST", "/transaction/initialize", {
        email,
        amount: amountCents,
        currency: "ZAR",
        reference,
        callback_url: callbackUrl,
      });
      return { checkoutUrl: data.authorization_url };
    },
    async verify(reference) {
      const data = await call<{ status: string; amount: number; currency: string }>("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      if (data.status === "success" && data.currency === "ZAR") return { status: "success", amountCents: data.amount };
      if (data.status === "failed" || data.status === "reversed") return { status: "failed", amountCents: data.amount };
      // abandoned, ongoing, pending, processing, queued: not settled yet.
      return { status: "pending", amountCents: data.amount };
    },
    parseWebhook(rawBody, headers): ProviderEvent | null {
      const given = Buffer.from(headers.get(PAYSTACK_SIGNATURE_HEADER) ?? "", "utf8");
      const expected = Buffer.from(paystackSignature(options.secretKey, rawBody), "utf8");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let event: { event?: unknown; data?: { reference?: unknown; amount?: unknown; currency?: unknown; reason?: unknown } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        return null;
      }
      const reference = event.data?.reference;
      if (typeof reference !== "string") return { type: "ignored" };
      if (event.event === "charge.success" && event.data?.currency === "ZAR" && Number.isSafeInteger(event.data?.amount)) {
        return { type: "charge", reference, status: "success", amountCents: event.data.amount as number };
      }
      const transfer = { "transfer.success": "paid", "transfer.failed": "failed", "transfer.reversed": "reversed" } as const;
      if (typeof event.event === "string" && event.event in transfer) {
        const reason = typeof event.data?.reason === "string" ? event.data.reason : undefined;
        return { type: "transfer", reference, status: transfer[event.event as keyof typeof transfer], reason };
      }
      return { type: "ignored" };
    },
    async listBanks(): Promise<Bank[]> {
      const data = await call<Array<{ name: string; code: string; active?: boolean }>>("GET", "/bank?country=south%20africa&currency=ZAR");
      return data.filter((b) => b.active !== false).map((b) => ({ code: b.code, name: b.name }));
    },
    async createTransfer({ reference, amountCents, to, reason }) {
      let recipientCode = to.recipientCode;
      if (!recipientCode) {
        const recipient = await call<{ recipient_code: string }>("POST", "/transferrecipient", {
          type: "basa",
          name: to.holderName,
          account_number: to.accountNumber,
          bank_code: to.bankCode,
          currency: "ZAR",
        });
        recipientCode = recipient.recipient_code;
      }
      await call("POST", "/transfer", { source: "balance", amount: amountCents, recipient: recipientCode, reason, reference, currency: "ZAR" });
      return { recipientCode };
    },
    async verifyTransfer(reference) {
      let data: { status: string; reason?: string | null };
      try {
        data = await call("GET", `/transfer/verify/${encodeURIComponent(reference)}`);
      } catch (error) {
        // "Transfer not found": no transfer was ever started under this reference.
        if (error instanceof PaystackError && error.status === 404) return { status: "missing" };
        throw error;
      }
      const reason = typeof data.reason === "string" && data.reason ? data.reason : undefined;
      if (data.status === "success") return { status: "paid" };
      if (data.status === "failed") return { status: "failed", reason };
      if (data.status === "reversed") return { status: "reversed", reason };
      // pending, otp, processing, queued, received: not settled yet.
      return { status: "pending" };
    },
    async refund(reference, amountCents, key) {
      await call("POST", "/refund", { transaction: reference, amount: amountCents, currency: "ZAR", merchant_note: key });
    },
    async findRefund(reference, key) {
      // The refunds of this transaction; ours carry our key as their merchant note. Matched here
      // too, so an answer that ignored the filter can never make a refund look sent.
      const data = await call<Array<{ merchant_note?: string | null }>>("GET", `/refund?transaction=${encodeURIComponent(reference)}&perPage=100`);
      return Array.isArray(data) && data.some((r) => r.merchant_note === key);
    },
  };
}
