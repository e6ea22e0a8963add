/**
 * The Paystack adapter (decision 0018) against a local fake of Paystack's documented endpoints,
 * started by this test on a random port: initialize in ZAR, verify, the charge.success webhook
 * signed with HMAC SHA-512 (checked in constant time), refunds, the South African bank list,
 * transfer recipients of type basa, transfers and transfer.success / transfer.reversed, and the
 * payout reconciliation through transfer verify.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { contracts, milestones } from "../../server/db/schema";
import { held, ledgerViolations } from "../../server/payments/ledger";
import { payoutsOverview, reconcilePendingPayouts, requestPayout, saveBankAccount, sendPayoutTransfers } from "../../server/payments/payouts";
import { ProviderRefusedError } from "../../server/payments/providers/types";
import { createPaystackProvider, PAYSTACK_SIGNATURE_HEADER, paystackSignature } from "../../server/payments/providers/paystack";
import { sendProviderRefunds } from "../../server/payments/refunds";
import {
  approveMilestone,
  handleWebhook,
  refundMilestone,
  startFunding,
  submitMilestone,
  verifyPayment,
  type PaymentsDeps,
} from "../../server/payments/service";
import { acceptProposal, submitProposal } from "../../server/proposals/service";
import { createTestApp, type TestApp } from "../support/app";
import { makeClient, makeDeveloper, makeProject, proposalBody } from "../support/factories";

const SECRET = "sk_test_fake_paystack_secret";

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** A fake Paystack: the endpoints the adapter uses, with Bearer auth, answering as the API reference shows. */
function startFakePaystack() {
  const calls: Call[] = [];
  const transactions = new Map<string, { amount: number; status: string }>();
  const transfers = new Map<string, { status: string; reason: string | null }>();
  const refunds: Array<{ transaction: string; merchant_note: string }> = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      calls.push({ method: req.method ?? "", path: `${url.pathname}${url.search}`, body });
      const answer = (status: number, data: unknown, message = "ok") => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ status: status < 400, message, data }));
      };
      if (req.headers.authorization !== `Bearer ${SECRET}`) return answer(401, null, "Invalid key");
      if (req.method === "POST" && url.pathname === "/transaction/initialize") {
        if (body?.currency !== "ZAR" || !Number.isInteger(body.amount)) return answer(400, null, "Invalid amount or currency");
        transactions.set(String(body.reference), { amount: body.amount as number, status: "ongoing" });
        return answer(200, { authorization_url: `https://checkout.paystack.com/${String(body.reference)}`, access_code: "ac_1", reference: body.reference });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
      if (req.method === "GET" && verify) {
        const t = transactions.get(decodeURIComponent(verify[1]!));
        if (!t) return answer(404, null, "Transaction reference not found");
        return answer(200, { status: t.status, amount: t.amount, currency: "ZAR", reference: verify[1] });
      }
      if (req.method === "POST" && url.pathname === "/refund") {
        refunds.push({ transaction: String(body?.transaction), merchant_note: String(body?.merchant_note ?? "") });
        return answer(200, { transaction: { reference: body?.transaction }, amount: body?.amount, status: "pending" });
      }
      if (req.method === "GET" && url.pathname === "/refund") {
        const of = url.searchParams.get("transaction");
        return answer(
          200,
          refunds.filter((r) => r.transaction === of).map((r) => ({ merchant_note: r.merchant_note, status: "processed" })),
        );
      }
      if (req.method === "GET" && url.pathname === "/bank") {
        return answer(200, [
          { name: "Capitec Bank", code: "470010", active: true },
          { name: "First National Bank", code: "250655", active: true },
          { name: "Old Bank", code: "000000", active: false },
        ]);
      }
      if (req.method === "POST" && url.pathname === "/transferrecipient") {
        if (body?.type !== "basa" || body.currency !== "ZAR") return answer(400, null, "Invalid recipient type");
        if (body.account_number === "0000000000") return answer(400, null, "Account number is invalid");
        return answer(201, { recipient_code: "RCP_fake123", type: "basa" });
      }
      if (req.method === "POST" && url.pathname === "/transfer") {
        if (String(body?.reference).startsWith("po_busy")) return answer(503, null, "Service unavailable");
        transfers.set(String(body?.reference), { status: "pending", reason: null });
        return answer(200, { reference: body?.reference, status: "pending", transfer_code: "TRF_1" });
      }
      const transferVerify = /^\/transfer\/verify\/(.+)$/.exec(url.pathname);
      if (req.method === "GET" && transferVerify) {
        const tr = transfers.get(decodeURIComponent(transferVerify[1]!));
        if (!tr) return answer(404, null, "Transfer not found");
        return answer(200, { reference: transferVerify[1], status: tr.status, reason: tr.reason, currency: "ZAR" });
      }
      return answer(404, null, "Not found");
    });
  });
  return new Promise<{ url: string; calls: Call[]; transactions: typeof transactions; transfers: typeof transfers; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, calls, transactions, transfers, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe("Paystack adapter against a local fake", () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakePaystack>>;
  let deps: PaymentsDeps;
  beforeAll(async () => {
    [t, fake] = await Promise.all([createTestApp("pglite"), startFakePaystack()]);
    deps = {
      db: t.database.db,
      appUrl: "http://localhost:3999",
      secret: t.deps.secret,
      fees: { feeBps: 750, vatBps: 0 },
      provider: createPaystackProvider({ secretKey: SECRET, baseUrl: fake.url }),
    };
  });
  afterEach(async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });
  const db = () => t.database.db;
  const signed = (event: unknown) => {
    const body = JSON.stringify(event);
    return { body, headers: new Headers({ [PAYSTACK_SIGNATURE_HEADER]: paystackSignature(SECRET, body) }) };
  };

  it("needs PAYSTACK_SECRET_KEY when PAYMENTS_PROVIDER is paystack", () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "paystack" })).toThrow(ConfigError);
    expect(loadConfig({ PAYMENTS_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: SECRET }).payments).toMatchObject({ provider: "paystack", feeBps: 750 });
    expect(loadConfig({ PLATFORM_FEE_PERCENT: "10", VAT_NUMBER: "4123456789" }).payments).toMatchObject({
      provider: "test",
      feeBps: 1000,
      vatNumber: "4123456789",
    });
    expect(() => loadConfig({ VAT_NUMBER: "123" })).toThrow(ConfigError);
  });

  it("funds through checkout and the signed charge.success webhook (once), refunds at Paystack, pays out to a basa recipient", async () => {
    const client = await makeClient(db());
    const developer = await makeDeveloper(db());
    const project = await makeProject(db(), client);
    const proposal = await submitProposal(
      t.domain,
      developer,
      project.id,
      proposalBody(6000, {
        milestones: [
          { title: "A", amount: 2000 },
          { title: "B", amount: 4000 },
        ],
      }),
    );
    await acceptProposal(t.domain, client, proposal.id);
    const [contract] = await db().select().from(contracts).where(eq(contracts.proposalId, proposal.id));
    const [m1, m2] = await db().select().from(milestones).where(eq(milestones.contractId, contract!.id)).orderBy(milestones.position);

    const { checkoutUrl, reference } = await startFunding(deps, client, m1!.id);
    expect(checkoutUrl).toBe(`https://checkout.paystack.com/${reference}`);
    expect(fake.calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/transaction/initialize",
      body: { amount: 200_000, currency: "ZAR", reference, email: client.email },
    });
    expect(await verifyPayment(deps, reference)).toBe("pending");

    const event = { event: "charge.success", data: { reference, amount: 200_000, currency: "ZAR", status: "success" } };
    const good = signed(event);
    expect(await handleWebhook(deps, good.body, new Headers({ [PAYSTACK_SIGNATURE_HEADER]: paystackSignature("another-key", good.body) }))).toBe("invalid");
    expect(await handleWebhook(deps, good.body, new Headers())).toBe("invalid");
    expect(await handleWebhook(deps, good.body, good.headers)).toBe("funded");
    expect(await handleWebhook(deps, good.body, good.headers)).toBe("already");
    fake.transactions.get(reference)!.status = "success";
    expect(await verifyPayment(deps, reference)).toBe("already");
    expect(await held(db(), { kind: "escrow", owner: contract!.id })).toBe(200_000);

    // A refund by agreement goes back through Paystack.
    await refundMilestone(deps, developer, m1!.id);
    expect(await sendProviderRefunds(deps)).toEqual({ sent: 1, failed: 0 });
    expect(fake.calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/refund",
      body: { transaction: reference, amount: 200_000, merchant_note: `refund:${m1!.id}` },
    });
    // Found again by its key among the transaction's refunds (a retry after a lost answer sends nothing).
    expect(await deps.provider.findRefund(reference, `refund:${m1!.id}`)).toBe(true);
    expect(await deps.provider.findRefund(reference, `resolve-refund:${m1!.id}`)).toBe(false);
    expect(fake.calls.at(-1)).toMatchObject({ method: "GET", path: `/refund?transaction=${reference}&perPage=100` });

    // Fund, submit, approve the second; pay out through a basa recipient.
    const second = await startFunding(deps, client, m2!.id);
    fake.transactions.get(second.reference)!.status = "success";
    expect(await verifyPayment(deps, second.reference)).toBe("funded");
    await submitMilestone(deps, developer, m2!.id, "Done");
    await approveMilestone(deps, client, m2!.id);
    await expect(saveBankAccount(deps, developer, { bankCode: "000000", accountNumber: "1234567890", holderName: "Dev Eloper" })).rejects.toMatchObject({
      fields: { bankCode: "Choose your bank from the list" },
    });
    await saveBankAccount(deps, developer, { bankCode: "470010", accountNumber: "1234567890", holderName: "Dev Eloper" });
    // Counted from here: the other test of this file (run first in a shuffled order) adds its own recipient.
    const recipientCalls = () => fake.calls.filter((c) => c.path === "/transferrecipient");
    const recipientsBefore = recipientCalls().length;
    const { reference: payout } = await requestPayout(deps, developer, "3000");
    // Nothing reaches Paystack inside the request: the transfer sender starts it (decision 0051).
    expect(recipientCalls()).toHaveLength(recipientsBefore);
    expect(await sendPayoutTransfers(deps)).toEqual({ started: 1, failed: 0, retrying: 0 });
    expect(recipientCalls()).toHaveLength(recipientsBefore + 1);
    const recipient = recipientCalls().at(-1);
    expect(recipient?.body).toMatchObject({ type: "basa", name: "Dev Eloper", account_number: "1234567890", bank_code: "470010", currency: "ZAR" });
    expect(fake.calls.at(-1)).toMatchObject({
      path: "/transfer",
      body: { source: "balance", amount: 300_000, recipient: "RCP_fake123", reference: payout, currency: "ZAR" },
    });
    const balance = () => held(db(), { kind: "developer_balance", owner: developer.id });
    expect(await balance()).toBe(370_000 - 300_000);
    const success = signed({ event: "transfer.success", data: { reference: payout, amount: 300_000, currency: "ZAR" } });
    expect(await handleWebhook(deps, success.body, success.headers)).toBe("settled");
    const reversed = signed({ event: "transfer.reversed", data: { reference: payout, amount: 300_000, currency: "ZAR" } });
    expect(await handleWebhook(deps, reversed.body, reversed.headers)).toBe("settled");
    expect(await handleWebhook(deps, reversed.body, reversed.headers)).toBe("already");
    expect(await balance()).toBe(370_000);
    expect((await payoutsOverview(db(), developer)).payouts[0]!.status).toBe("reversed");

    // A second payout reuses the recipient; a failed transfer restores the balance.
    const again = await requestPayout(deps, developer, "100");
    await sendPayoutTransfers(deps);
    expect(recipientCalls()).toHaveLength(recipientsBefore + 1);
    const failed = signed({ event: "transfer.failed", data: { reference: again.reference, reason: "Account closed" } });
    expect(await handleWebhook(deps, failed.body, failed.headers)).toBe("settled");
    expect(await balance()).toBe(370_000);
    expect((await payoutsOverview(db(), developer)).payouts[0]).toMatchObject({ status: "failed", failureReason: "Account closed" });
  });

  it("tells a refusal (400) from an answer that leaves the transfer open (5xx), and an unknown transfer from a pending one", async () => {
    const to = { bankCode: "470010", accountNumber: "0000000000", holderName: "Dev Eloper", recipientCode: null };
    const refused = deps.provider.createTransfer({ reference: "po_bad", amountCents: 10_000, to, reason: "test" });
    await expect(refused).rejects.toBeInstanceOf(ProviderRefusedError);
    await expect(refused).rejects.toThrow("Account number is invalid");
    const busy = deps.provider.createTransfer({ reference: "po_busy1", amountCents: 10_000, to: { ...to, recipientCode: "RCP_fake123" }, reason: "test" });
    await expect(busy).rejects.toThrow("answered 503");
    await expect(busy).rejects.not.toBeInstanceOf(ProviderRefusedError);
    expect(await deps.provider.verifyTransfer("po_never_sent")).toEqual({ status: "missing" });
    fake.transfers.set("po_sent", { status: "pending", reason: null });
    expect(await deps.provider.verifyTransfer("po_sent")).toEqual({ status: "pending" });
  });

  it("reconciles pending payouts through GET /transfer/verify: success pays, failed restores the balance with Paystack's reason, pending waits", async () => {
    const client = await makeClient(db());
    const developer = await makeDeveloper(db());
    const project = await makeProject(db(), client);
    const proposal = await submitProposal(t.domain, developer, project.id, proposalBody(5000));
    await acceptProposal(t.domain, client, proposal.id);
    const [contract] = await db().select().from(contracts).where(eq(contracts.proposalId, proposal.id));
    const [m] = await db().select().from(milestones).where(eq(milestones.contractId, contract!.id));
    const { reference } = await startFunding(deps, client, m!.id);
    fake.transactions.get(reference)!.status = "success";
    expect(await verifyPayment(deps, reference)).toBe("funded");
    await submitMilestone(deps, developer, m!.id, "Done");
    await approveMilestone(deps, client, m!.id);
    await saveBankAccount(deps, developer, { bankCode: "470010", accountNumber: "1234567890", holderName: "Dev Eloper" });
    const balance = () => held(db(), { kind: "developer_balance", owner: developer.id });
    const start = await balance();
    const a = (await requestPayout(deps, developer, "1000")).reference;
    const b = (await requestPayout(deps, developer, "500")).reference;
    const c = (await requestPayout(deps, developer, "200")).reference;
    await sendPayoutTransfers(deps);
    fake.transfers.set(a, { status: "success", reason: null });
    fake.transfers.set(b, { status: "failed", reason: "Invalid account" });
    const later = new Date(Date.now() + 120_000);
    expect(await reconcilePendingPayouts(deps, later)).toBe(2);
    expect(fake.calls.some((call) => call.method === "GET" && call.path === `/transfer/verify/${a}`)).toBe(true);
    const list = (await payoutsOverview(db(), developer)).payouts;
    expect(list.find((p) => p.reference === a)).toMatchObject({ status: "paid" });
    expect(list.find((p) => p.reference === b)).toMatchObject({ status: "failed", failureReason: "Invalid account" });
    expect(list.find((p) => p.reference === c)).toMatchObject({ status: "pending" });
    expect(await balance()).toBe(start - 100_000 - 20_000);
    // The late webhook of the paid one changes nothing.
    const success = signed({ event: "transfer.success", data: { reference: a, amount: 100_000, currency: "ZAR" } });
    expect(await handleWebhook(deps, success.body, success.headers)).toBe("already");
    expect(await reconcilePendingPayouts(deps, later)).toBe(0);
    expect(await balance()).toBe(start - 100_000 - 20_000);
  });
});
