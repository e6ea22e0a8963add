/**
 * Payments (docs/product.md, Payments): the milestone machine actor by actor, contracts written
 * with the hire, funding through the test provider's signed webhook (once, also when replayed
 * concurrently with verify), releases less the fee, refunds, disputes resolved by moderators with
 * a split, auto-release, reconciliation, project completion, the ledger's database guards, and a
 * property over random sequences. The ledger's invariants are checked after every test.
 */
import { getClientReputation } from "../../server/clients/reputation";
import { VERIFY_BEFORE_PAYMENTS } from "../../server/payments/gate";
import { and, eq, like, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/context";
import {
  bankAccounts,
  contracts,
  emailOutbox,
  milestones,
  notifications,
  payments,
  payouts,
  projects,
  providerRefunds,
  testProviderCharges,
} from "../../server/db/schema";
import { formatCents, formatDate, formatDateTime, todayIso } from "../../shared/format";
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from "../../server/errors";
import { answerMilestoneChange, proposeMilestoneChange } from "../../server/payments/changes";
import { getContract, milestoneActions } from "../../server/payments/contracts";
import { listMyPayments } from "../../server/payments/client-payments";
import { readableFile, uploadFile } from "../../server/files/service";
import { held, ledgerViolations, postJournal } from "../../server/payments/ledger";
import { listMyInvoices, MONTH_NOT_STARTED, myLedgerCsv, myLedgerLines, parseMonth, taxInvoicePdf } from "../../server/payments/documents";
import { transitionMilestone } from "../../server/payments/milestones";
import { payoutsOverview, reconcilePendingPayouts, requestPayout, saveBankAccount, sendPayoutTransfers } from "../../server/payments/payouts";
import { createTestProvider, signTestEvent, TEST_SIGNATURE_HEADER } from "../../server/payments/providers/test";
import {
  approveMilestone,
  autoReleaseDue,
  remindBeforeAutoRelease,
  disputeMilestone,
  handleWebhook,
  paymentsDeps,
  reconcilePendingPayments,
  refundMilestone,
  requestMilestoneChanges,
  resolveDispute,
  startFunding,
  submitMilestone,
  type PaymentsDeps,
} from "../../server/payments/service";
import { acceptProposal, submitProposal } from "../../server/proposals/service";
import { loadProposals } from "../../app/routes/proposals.server";
import * as payoutsRoute from "../../app/routes/payouts";
import {
  CONTRACT_COMPLETED,
  decideMilestone,
  HIRE_ENDED,
  HIRE_ENDED_NOTE,
  MILESTONE_STATUSES,
  PAYMENTS_PAGE_SIZE,
  splitRelease,
  type MilestoneActor,
  type MilestoneEvent,
  type MilestoneStatus,
} from "../../shared/payments";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeModerator, makeProject, proposalBody } from "../support/factories";
import { MAX_YEARS_AHEAD } from "../../shared/constants";

/** A due date next year: within the MAX_YEARS_AHEAD bound whatever the year the tests run. */
const NEXT_YEAR = Number(todayIso().slice(0, 4)) + 1;

const ACTORS: MilestoneActor[] = ["client", "developer", "moderator", "system"];

/** docs/product.md, Milestone lifecycle: event -> who, and from which status to which. */
const TABLE: Record<MilestoneEvent, { actors: MilestoneActor[]; moves: Partial<Record<MilestoneStatus, MilestoneStatus>> }> = {
  fund: { actors: ["system"], moves: { proposed: "funded" } },
  submit: { actors: ["developer"], moves: { funded: "submitted", changes_requested: "submitted" } },
  requestChanges: { actors: ["client"], moves: { submitted: "changes_requested" } },
  approve: { actors: ["client"], moves: { submitted: "released" } },
  autoRelease: { actors: ["system"], moves: { submitted: "released" } },
  refund: { actors: ["developer", "moderator"], moves: { funded: "refunded" } },
  dispute: { actors: ["client", "developer"], moves: { funded: "disputed", submitted: "disputed", changes_requested: "disputed" } },
  resolve: { actors: ["moderator"], moves: { disputed: "resolved" } },
};

describe("milestone machine: every actor x status x event", () => {
  for (const [event, { actors, moves }] of Object.entries(TABLE) as Array<[MilestoneEvent, (typeof TABLE)[MilestoneEvent]]>) {
    it(event, () => {
      for (const actor of ACTORS) {
        for (const status of MILESTONE_STATUSES) {
          const d = decideMilestone(status, event, actor);
          const label = `${actor}: ${status} --${event}-->`;
          if (!actors.includes(actor)) expect(d, label).toMatchObject({ ok: false, reason: "actor" });
          else if (moves[status]) expect(d, label).toEqual({ ok: true, to: moves[status] });
          else expect(d, label).toMatchObject({ ok: false, reason: "status" });
        }
      }
    });
  }

  it("splits a release into fee, VAT on the fee and the developer's share, in whole cents", () => {
    expect(splitRelease(1_000_000, { feeBps: 750, vatBps: 0 })).toEqual({ fee: 75_000, vat: 0, developer: 925_000 });
    expect(splitRelease(1_000_000, { feeBps: 750, vatBps: 1500 })).toEqual({ fee: 75_000, vat: 11_250, developer: 913_750 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 5000 }), fc.constantFrom(0, 1500), (cents, feeBps, vatBps) => {
        const s = splitRelease(cents, { feeBps, vatBps });
        return s.fee + s.vat + s.developer === cents && s.developer >= 0 && Number.isInteger(s.fee) && Number.isInteger(s.vat);
      }),
    );
  });
});

describe.each(DB_KINDS)("payments on %s", (kind) => {
  let t: TestApp;
  let deps: PaymentsDeps;
  let moderator: SessionUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    deps = paymentsDeps(t.deps);
    moderator = await makeModerator(t.database.db);
  });
  afterEach(async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;

  /** A hire whose proposal has `amounts` as milestones (whole rand), and its contract. */
  async function hire(amounts: number[] = [6000, 12000]) {
    const client = await makeClient(db());
    const developer = await makeDeveloper(db());
    const project = await makeProject(db(), client);
    const price = amounts.reduce((a, b) => a + b, 0);
    const proposal = await submitProposal(
      t.domain,
      developer,
      project.id,
      proposalBody(price, amounts.length > 1 ? { milestones: amounts.map((amount, i) => ({ title: `Milestone ${i + 1}`, amount })) } : {}),
    );
    await acceptProposal(t.domain, client, proposal.id);
    const [c] = await db().select().from(contracts).where(eq(contracts.proposalId, proposal.id));
    const ms = await db().select().from(milestones).where(eq(milestones.contractId, c!.id)).orderBy(milestones.position);
    return { client, developer, project, contractId: c!.id, milestoneIds: ms.map((m) => m.id), ms };
  }

  const statusOf = async (id: string) => (await db().select({ s: milestones.status }).from(milestones).where(eq(milestones.id, id)))[0]!.s;
  const provider = () => createTestProvider({ db: db(), appUrl: "http://localhost", secret: t.deps.secret });
  const webhook = (body: string, signature: string) => handleWebhook(deps, body, new Headers({ [TEST_SIGNATURE_HEADER]: signature }));
  /** The money emails queued for a user, oldest first: subject and text. */
  const mailsTo = async (userId: string) =>
    (
      await db()
        .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, headers: emailOutbox.headers })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toUserId, userId), eq(emailOutbox.template, "payment-update")))
        .orderBy(emailOutbox.id)
    ).map((m) => ({ subject: m.subject, text: m.text, unsubscribe: "List-Unsubscribe" in (m.headers as object) }));

  /** Funds a milestone through the test provider's checkout and signed webhook. */
  async function fund(client: SessionUser, milestoneId: string) {
    const { reference } = await startFunding(deps, client, milestoneId);
    const event = await provider().complete(reference, "success");
    expect(await webhook(event!.body, event!.signature)).toBe("funded");
    return reference;
  }

  /** A one-milestone hire of `amount` rand, released to the developer, who has saved a bank account: a balance to withdraw. */
  async function balanceToWithdraw(amount: number) {
    const h = await hire([amount]);
    const m = h.milestoneIds[0]!;
    await fund(h.client, m);
    await submitMilestone(deps, h.developer, m, "Done");
    await approveMilestone(deps, h.client, m);
    await saveBankAccount(deps, h.developer, { bankCode: "470010", accountNumber: "1234567890", holderName: "S Khumalo" });
    return h;
  }

  it("writes a contract with the proposal's milestones when the proposal is accepted, or one for the whole price", async () => {
    const h = await hire([6000, 12000]);
    expect(h.ms.map((m) => [m.title, m.amountCents, m.status])).toEqual([
      ["Milestone 1", 600_000, "proposed"],
      ["Milestone 2", 1_200_000, "proposed"],
    ]);
    const single = await hire([9000]);
    expect(single.ms.map((m) => [m.title, m.amountCents])).toEqual([["Whole project", 900_000]]);
    const view = await getContract(db(), h.client, h.contractId);
    expect(view).toMatchObject({ viewer: "client", totals: { escrow: 0, released: 0, refunded: 0, total: 1_800_000 } });
    expect((await getContract(db(), h.developer, h.contractId)).viewer).toBe("developer");
    expect((await getContract(db(), moderator, h.contractId)).viewer).toBe("moderator");
    await expect(getContract(db(), await makeClient(db()), h.contractId)).rejects.toBeInstanceOf(ForbiddenError);
    // /proposals links the accepted proposal to its contract, for both sides; other proposals have none.
    const other = await submitProposal(t.domain, await makeDeveloper(db()), (await makeProject(db(), h.client)).id, proposalBody(7000));
    for (const who of [h.developer, h.client]) {
      const page = await loadProposals(db(), who, null);
      const links = page.proposals.map((p) => [p.projectId, p.contractId]);
      expect(links).toContainEqual([h.project.id, h.contractId]);
      if (who === h.client) expect(links).toContainEqual([other.projectId, null]);
    }
  });

  it("funds, submits, approves: the developer's balance is the amount less 7.5%; the project completes with its last milestone", async () => {
    const h = await hire([6000, 12000]);
    const [m1, m2] = h.milestoneIds as [string, string];
    const funded1 = await fund(h.client, m1);
    expect(await statusOf(m1)).toBe("funded");
    expect(await held(db(), { kind: "escrow", owner: h.contractId })).toBe(600_000);
    await submitMilestone(deps, h.developer, m1, "Screens done, see the build");
    await requestMilestoneChanges(deps, h.client, m1, "Please fix the login screen");
    expect(await statusOf(m1)).toBe("changes_requested");
    await submitMilestone(deps, h.developer, m1, "Fixed");
    await approveMilestone(deps, h.client, m1);
    expect(await statusOf(m1)).toBe("released");
    expect(await held(db(), { kind: "developer_balance", owner: h.developer.id })).toBe(555_000);
    // Approved again from a page left open: refused, saying what the milestone is now; nothing moves.
    await expect(approveMilestone(deps, h.client, m1)).rejects.toThrow("Only a submitted milestone can be approved: this one is released");
    expect(await held(db(), { kind: "developer_balance", owner: h.developer.id })).toBe(555_000);
    // Each notice names the milestone and its project.
    const told = async (userId: string) =>
      (await db().select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
    expect(await told(h.developer.id)).toEqual(
      expect.arrayContaining([
        `"Milestone 1" (${h.project.title}) is funded: the money is in escrow, you can start`,
        `Changes were requested on "Milestone 1" (${h.project.title})`,
        `"Milestone 1" (${h.project.title}) was released to your balance`,
      ]),
    );
    expect(await told(h.client.id)).toContain(`"Milestone 1" (${h.project.title}) was submitted for your approval`);
    // ...and emailed, saying what it means in money and by when; always sent (no unsubscribe link).
    const named = `"Milestone 1" (${h.project.title})`;
    const devMails = await mailsTo(h.developer.id);
    expect(devMails.map((m) => m.subject)).toEqual([
      `${named} is funded: the money is in escrow, you can start`,
      `Changes were requested on ${named}`,
      `${named} was released to your balance`,
    ]);
    expect(devMails[0]!.text).toContain(`The client paid ${formatCents(600_000)} into escrow.`);
    expect(devMails[1]!.text).toContain(`The client's feedback: "Please fix the login screen"`);
    expect(devMails[2]!.text).toContain(`${formatCents(600_000)} less the platform fee of ${formatCents(45_000)}: ${formatCents(555_000)} is in your balance`);
    expect(devMails[2]!.text).toContain(`Contract: ${APP_URL}/contracts/${h.contractId}`);
    // Whole rand without decimals, as on screen (docs/product.md, Look and feel "Money").
    expect(devMails[0]!.text.replace(/\s/g, " ")).toContain("The client paid R6 000 into escrow.");
    expect(devMails[2]!.text.replace(/\s/g, " ")).toContain("R6 000 less the platform fee of R450: R5 550 is in your balance");
    expect(devMails.some((m) => m.unsubscribe)).toBe(false);
    const clientMails = await mailsTo(h.client.id);
    expect(clientMails.map((m) => m.subject)).toEqual([
      `Receipt: ${formatCents(600_000)} paid into escrow for ${named}`,
      `${named} was submitted for your approval`,
      `${named} was submitted for your approval`,
    ]);
    expect(clientMails[0]!.subject.replace(/\s/g, " ")).toBe(`Receipt: R6 000 paid into escrow for ${named}`);
    expect(clientMails[0]!.text).toContain(`Receipt: ${APP_URL}/receipts/${funded1}`);
    expect(clientMails[1]!.text).toContain(`The developer's note: "Screens done, see the build"`);
    expect(clientMails[2]!.text).toContain(`The developer's note: "Fixed"`);
    const [resubmitted] = await db().select({ at: milestones.submittedAt }).from(milestones).where(eq(milestones.id, m1));
    const releaseDay = formatDate(new Date(resubmitted!.at!.getTime() + 14 * 86_400_000));
    expect(clientMails[2]!.text).toContain(`If you do none of these, its ${formatCents(600_000)} is released to the developer automatically on ${releaseDay}.`);
    expect((await db().select({ s: projects.status }).from(projects).where(eq(projects.id, h.project.id)))[0]!.s).toBe("in_progress");
    await fund(h.client, m2);
    await submitMilestone(deps, h.developer, m2, "All done");
    await approveMilestone(deps, h.client, m2);
    expect(await held(db(), { kind: "developer_balance", owner: h.developer.id })).toBe(555_000 + 1_110_000);
    expect((await db().select({ s: projects.status }).from(projects).where(eq(projects.id, h.project.id)))[0]!.s).toBe("completed");
    expect((await getContract(db(), h.client, h.contractId)).totals).toMatchObject({ escrow: 0, released: 1_800_000, refunded: 0 });
    // The last payment completed it, so the client did not mark it complete: both sides are asked to review.
    expect(await told(h.client.id)).toContain(`"${h.project.title}" is complete. Please review ${h.developer.name}.`);
    expect(await told(h.developer.id)).toContain(`"${h.project.title}" is complete: every milestone is settled. Please review the client.`);
    const [reviewMail] = await db()
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toUserId, h.client.id), eq(emailOutbox.template, "review-request")));
    expect(reviewMail?.subject).toBe(`"${h.project.title}" is complete: review ${h.developer.name}`);
  });

  it("lets only the contract's client fund and approve, only its developer submit and refund, only moderators resolve", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    const strangerClient = await makeClient(db());
    const strangerDev = await makeDeveloper(db());
    for (const who of [h.developer, strangerClient, moderator]) await expect(startFunding(deps, who, m)).rejects.toBeInstanceOf(ForbiddenError);
    await fund(h.client, m);
    for (const who of [h.client, strangerDev, moderator]) await expect(submitMilestone(deps, who, m, "")).rejects.toBeInstanceOf(ForbiddenError);
    for (const who of [h.client, strangerDev, strangerClient]) await expect(refundMilestone(deps, who, m)).rejects.toBeInstanceOf(ForbiddenError);
    await submitMilestone(deps, h.developer, m, "Done");
    for (const who of [h.developer, strangerClient, moderator]) await expect(approveMilestone(deps, who, m)).rejects.toBeInstanceOf(ForbiddenError);
    for (const who of [h.developer, strangerClient, moderator]) {
      await expect(requestMilestoneChanges(deps, who, m, "Not yours to ask")).rejects.toBeInstanceOf(ForbiddenError);
    }
    for (const who of [strangerClient, moderator]) await expect(disputeMilestone(deps, who, m, "Not mine to dispute")).rejects.toBeInstanceOf(ForbiddenError);
    await disputeMilestone(deps, h.client, m, "The app crashes on start");
    for (const who of [h.client, h.developer, strangerClient]) await expect(resolveDispute(deps, who, m, "100")).rejects.toBeInstanceOf(ForbiddenError);
    // The refusal names the most the developer can get.
    await expect(resolveDispute(deps, moderator, m, "5000.01")).rejects.toMatchObject({
      fields: { developerAmount: `The developer's share must be between R0 and ${formatCents(500_000)}, the milestone's amount` },
    });
    await expect(resolveDispute(deps, moderator, m, "lots")).rejects.toBeInstanceOf(ValidationError);
    // Nothing typed asks for the share, instead of "Enter the developer's share in rand".
    await expect(resolveDispute(deps, moderator, m, " ")).rejects.toMatchObject({ fields: { developerAmount: "Please enter the developer's share" } });
    expect(await statusOf(m)).toBe("disputed");
  });

  it("refuses to fund from an account whose email is not verified, saying why, and leaves the milestone unfunded", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    await expect(startFunding(deps, { ...h.client, emailVerified: false }, m)).rejects.toThrow(VERIFY_BEFORE_PAYMENTS);
    expect(await statusOf(m)).toBe("proposed");
  });

  it("shows an unverified developer their balance and payouts, and why they cannot add a bank account or withdraw yet", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    await fund(h.client, m);
    await submitMilestone(deps, h.developer, m, "Done");
    await approveMilestone(deps, h.client, m);
    const unverified = { ...h.developer, emailVerified: false };
    const view = await payoutsOverview(db(), unverified);
    expect(view.balanceCents).toBe((await payoutsOverview(db(), h.developer)).balanceCents);
    expect(view.balanceCents).toBeGreaterThan(0);
    expect(view.verifyFirst).toBe(VERIFY_BEFORE_PAYMENTS);
    expect((await payoutsOverview(db(), h.developer)).verifyFirst).toBeNull();
    // The page loads for them (it was a 403), saying why.
    const page = await payoutsRoute.loader({ request: new Request(`${APP_URL}/payouts`), context: { deps: t.deps, user: unverified }, params: {} } as never);
    expect(page.verifyFirst).toBe(VERIFY_BEFORE_PAYMENTS);
    await expect(saveBankAccount(deps, unverified, { bankCode: "470010", accountNumber: "1234567890", holderName: "S Khumalo" })).rejects.toThrow(
      VERIFY_BEFORE_PAYMENTS,
    );
    await expect(requestPayout(deps, unverified, "500")).rejects.toThrow(VERIFY_BEFORE_PAYMENTS);
    expect((await payoutsOverview(db(), h.developer)).bank).toBeNull();
  });

  it("shows on About the Client that a client's payment method is verified and what they spent, once a payment succeeded", async () => {
    const h = await hire([5000, 2500]);
    expect((await getClientReputation(db(), h.client.id)).payment).toEqual({ paymentMethodVerified: false, totalSpent: 0 });
    await fund(h.client, h.milestoneIds[0]!);
    expect((await getClientReputation(db(), h.client.id)).payment).toEqual({ paymentMethodVerified: true, totalSpent: 5000 });
  });

  it("resolves a dispute with a split: the developer's part less the fee, the rest refunded, shown on the milestone", async () => {
    const h = await hire([10000, 3000]);
    const m = h.milestoneIds[0]!;
    const other = h.milestoneIds[1]!;
    await fund(h.client, other);
    await submitMilestone(deps, h.developer, other, "Delivered");
    await approveMilestone(deps, h.client, other);
    await fund(h.client, m);
    await submitMilestone(deps, h.developer, m, "Delivered");
    await disputeMilestone(deps, h.developer, m, "No answer for weeks");
    await resolveDispute(deps, moderator, m, "4000");
    expect(await statusOf(m)).toBe("resolved");
    expect(await held(db(), { kind: "developer_balance", owner: h.developer.id })).toBe(400_000 - 30_000 + 300_000 - 22_500);
    const view = await getContract(db(), h.client, h.contractId);
    expect(view.totals).toMatchObject({ escrow: 0, released: 700_000, refunded: 600_000 });
    // Each side sees how this milestone's money went (the other milestone's release is not counted in it).
    expect(view.milestones.map((x) => x.resolution)).toEqual([{ releasedCents: 400_000, refundedCents: 600_000 }, null]);
    expect((await getContract(db(), h.developer, h.contractId)).milestones[0]!.resolution).toEqual({ releasedCents: 400_000, refundedCents: 600_000 });
    await expect(resolveDispute(deps, moderator, m, "0")).rejects.toBeInstanceOf(ConflictError);
    // Both sides are emailed the dispute and its outcome in rand.
    const outcome = `The moderator released ${formatCents(400_000)} to the developer and refunded ${formatCents(600_000)} to the client.`;
    const clientMails = await mailsTo(h.client.id);
    expect(clientMails.at(-2)!.text).toContain(`The reason given: "No answer for weeks"`);
    expect(clientMails.at(-1)!.text).toContain(outcome);
    expect((await mailsTo(h.developer.id)).at(-1)!.text).toContain(`${outcome}\n\n${formatCents(400_000)} less the platform fee of ${formatCents(30_000)}`);
  });

  it("emails money with an HTML twin of its text, as the account emails have: every name, title and note escaped", async () => {
    const client = await makeClient(db(), `Thandi <b>Nkosi</b>`);
    const developer = await makeDeveloper(db(), { name: `Kabelo "Dev" O'Neil` });
    const project = await makeProject(db(), client, { title: "Braai & Bookings <script>alert(1)</script> app" });
    const title = `<img src=x onerror="alert(1)"> & screens`;
    const proposal = await submitProposal(t.domain, developer, project.id, proposalBody(6000, { milestones: [{ title, amount: 6000 }] }));
    await acceptProposal(t.domain, client, proposal.id);
    const [c] = await db().select().from(contracts).where(eq(contracts.proposalId, proposal.id));
    const [m] = await db().select().from(milestones).where(eq(milestones.contractId, c!.id));
    await fund(client, m!.id);
    await disputeMilestone(deps, client, m!.id, "It crashes <on> start\nand & the login fails");
    const mails = await db()
      .select({ to: emailOutbox.toUserId, subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "payment-update"), sql`${emailOutbox.toUserId} in (${client.id}, ${developer.id})`))
      .orderBy(emailOutbox.id);
    expect(mails.map((x) => x.subject)).toEqual([
      `"${title}" (${project.title}) is funded: the money is in escrow, you can start`,
      expect.stringMatching(/^Receipt: /),
      `"${title}" (${project.title}) is disputed; a moderator will resolve it`,
    ]);
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
    for (const mail of mails) {
      const html = mail.html ?? "";
      // The same paragraphs as the text, in <p>s, the link as a link; no markup from anyone's input.
      expect(html.startsWith("<p>Hi ")).toBe(true);
      expect(html).toContain(`<p>${esc(mail.subject)}.</p>`);
      expect(html).toContain(esc(project.title));
      expect(html).not.toMatch(/<(?:script|img|b|on)\b/);
      const link = mail.text.match(/^(Contract|Receipt): (\S+)$/m)!;
      expect(html).toContain(`<p><a href="${esc(link[2]!)}">${link[1]}</a></p>`);
      expect(html.endsWith("<p>BuildZA</p>")).toBe(true);
    }
    expect(mails[0]!.html).toContain(`<p>Hi ${esc(developer.name)},</p>`);
    expect(mails[1]!.html).toContain(`<p>Hi Thandi &lt;b&gt;Nkosi&lt;/b&gt;,</p>`);
    // A note's line break stays one in the HTML twin.
    expect(mails[2]!.html).toContain(`It crashes &lt;on&gt; start<br>and &amp; the login fails`);
  });

  it("refunds a funded milestone when the developer agrees; the project does not complete without a release", async () => {
    const h = await hire([7000]);
    const m = h.milestoneIds[0]!;
    await fund(h.client, m);
    await refundMilestone(deps, h.developer, m);
    expect(await statusOf(m)).toBe("refunded");
    expect((await getContract(db(), h.client, h.contractId)).totals).toMatchObject({ escrow: 0, refunded: 700_000 });
    expect((await db().select({ s: projects.status }).from(projects).where(eq(projects.id, h.project.id)))[0]!.s).toBe("in_progress");
  });

  it("releases once when two approvals arrive at once", async () => {
    const h = await hire([8000]);
    const m = h.milestoneIds[0]!;
    await fund(h.client, m);
    await submitMilestone(deps, h.developer, m, "Done");
    const results = await Promise.allSettled([approveMilestone(deps, h.client, m), approveMilestone(deps, h.client, m)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(await held(db(), { kind: "developer_balance", owner: h.developer.id })).toBe(740_000);
  });

  it("records one payment when the webhook arrives twice, concurrently with verify; a bad signature changes nothing", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    const { reference } = await startFunding(deps, h.client, m);
    const event = (await provider().complete(reference, "success"))!;
    expect(await webhook(event.body, "0".repeat(64))).toBe("invalid");
    expect(await webhook(event.body.replace("5000", "5001"), event.signature)).toBe("invalid");
    expect(await statusOf(m)).toBe("proposed");
    const { verifyPayment } = await import("../../server/payments/service");
    const outcomes = await Promise.all([webhook(event.body, event.signature), webhook(event.body, event.signature), verifyPayment(deps, reference)]);
    expect(outcomes.filter((o) => o === "funded")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already")).toHaveLength(2);
    expect(await held(db(), { kind: "escrow", owner: h.contractId })).toBe(500_000);
    const fundJournals = await db().execute(sql`select id from ledger_journals where kind = 'fund' and milestone_id = ${m}`);
    expect((fundJournals as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.milestoneId, m))).toHaveLength(1);
  });

  it("answers the provider's webhook over HTTP: 401 unsigned, 200 once funded, 200 on a replay that changes nothing", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    const { reference } = await startFunding(deps, h.client, m);
    const event = (await provider().complete(reference, "success"))!;
    const post = (signature?: string, path = "/api/v1/payments/webhooks/test") =>
      t.app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature ? { [TEST_SIGNATURE_HEADER]: signature } : {}) },
        body: event.body,
      });
    expect((await post()).status).toBe(401);
    expect((await post(event.signature, "/api/v1/payments/webhooks/paystack")).status).toBe(404);
    expect(await statusOf(m)).toBe("proposed");
    const first = await post(event.signature);
    expect([first.status, await first.json()]).toEqual([200, { received: true, outcome: "funded" }]);
    const replay = await post(event.signature);
    expect([replay.status, await replay.json()]).toEqual([200, { received: true, outcome: "already" }]);
    expect(await held(db(), { kind: "escrow", owner: h.contractId })).toBe(500_000);
  });

  it("leaves a milestone unfunded after a failed payment, with the reason on the contract", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    const { reference } = await startFunding(deps, h.client, m);
    const event = (await provider().complete(reference, "failed"))!;
    expect(await webhook(event.body, event.signature)).toBe("failed");
    expect(await statusOf(m)).toBe("proposed");
    expect((await getContract(db(), h.client, h.contractId)).milestones[0]!.lastPaymentFailure).toBe("The payment was declined");
    // The payer may have left the checkout: they are told by notice and email, once (a replay settles nothing).
    expect(await webhook(event.body, event.signature)).toBe("already");
    const subject = `Your payment of ${formatCents(500_000)} for "Whole project" (${h.project.title}) did not go through`;
    const told = await db()
      .select({ message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, h.client.id), eq(notifications.type, "payment_failed")));
    expect(told).toEqual([{ message: subject, link: `/contracts/${h.contractId}` }]);
    const failedMails = (await mailsTo(h.client.id)).filter((mail) => mail.subject === subject);
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0]!.text).toContain("The reason given: The payment was declined. The milestone is not funded: no money reached escrow.");
    expect(failedMails[0]!.unsubscribe).toBe(false);
    expect((await mailsTo(h.developer.id)).some((mail) => mail.subject.includes("did not go through"))).toBe(false);
    await fund(h.client, m);
    expect((await getContract(db(), h.client, h.contractId)).milestones[0]!.lastPaymentFailure).toBeNull();
  });

  it("lists on the dashboard the milestones waiting on each side: fund the next, deliver, review (with the auto-release day)", async () => {
    const h = await hire([6000, 12000]);
    const [m1, m2] = h.milestoneIds as [string, string];
    const waiting = async (who: SessionUser) => (await milestoneActions(db(), who)).map((a) => [a.action, a.milestoneTitle, a.amountCents, a.contractId]);
    expect(await waiting(h.client)).toEqual([["fund", "Milestone 1", 600_000, h.contractId]]);
    expect(await waiting(h.developer)).toEqual([]);
    await fund(h.client, m1);
    expect(await waiting(h.client)).toEqual([]);
    expect(await waiting(h.developer)).toEqual([["deliver", "Milestone 1", 600_000, h.contractId]]);
    await submitMilestone(deps, h.developer, m1, "Done");
    const [review] = await milestoneActions(db(), h.client);
    const [sub] = await db().select({ at: milestones.submittedAt }).from(milestones).where(eq(milestones.id, m1));
    expect(review).toMatchObject({ action: "review", milestoneTitle: "Milestone 1", projectTitle: h.project.title });
    expect(review!.autoReleaseAt).toBe(new Date(sub!.at!.getTime() + 14 * 86_400_000).toISOString());
    expect(await waiting(h.developer)).toEqual([]);
    await requestMilestoneChanges(deps, h.client, m1, "Fix the colours");
    expect(await waiting(h.developer)).toEqual([["deliver", "Milestone 1", 600_000, h.contractId]]);
    await submitMilestone(deps, h.developer, m1, "Fixed");
    await approveMilestone(deps, h.client, m1);
    expect(await waiting(h.client)).toEqual([["fund", "Milestone 2", 1_200_000, h.contractId]]);
    await fund(h.client, m2);
    await submitMilestone(deps, h.developer, m2, "All done");
    await approveMilestone(deps, h.client, m2);
    // The project completed: nothing waits on anyone; nobody else ever saw these.
    expect(await waiting(h.client)).toEqual([]);
    expect(await waiting(h.developer)).toEqual([]);
    expect(await waiting(await makeClient(db()))).toEqual([]);
  });

  it("still lists money in escrow on a project completed with it (before completion required none), but nothing to fund", async () => {
    const h = await hire([6000, 12000, 3000]);
    const [m1, m2] = h.milestoneIds as [string, string, string];
    await fund(h.client, m1);
    await fund(h.client, m2);
    await submitMilestone(deps, h.developer, m2, "Done");
    // The state such a project was left in: completed with milestones in escrow and one unfunded.
    await db().update(projects).set({ status: "completed", completedAt: new Date() }).where(eq(projects.id, h.project.id));
    const waiting = async (who: SessionUser) => (await milestoneActions(db(), who)).map((a) => [a.action, a.milestoneTitle]);
    expect(await waiting(h.client)).toEqual([["review", "Milestone 2"]]);
    expect(await waiting(h.developer)).toEqual([["deliver", "Milestone 1"]]);
  });

  it("lists a client's payments with receipts, what became of each milestone, refunds and totals; older pages by cursor", async () => {
    const h = await hire([6000, 12000]);
    const [m1, m2] = h.milestoneIds as [string, string];
    const paid1 = await fund(h.client, m1);
    const { reference: declined } = await startFunding(deps, h.client, m2);
    const event = (await provider().complete(declined, "failed"))!;
    expect(await webhook(event.body, event.signature)).toBe("failed");
    const paid2 = await fund(h.client, m2);
    await submitMilestone(deps, h.developer, m1, "Done");
    await approveMilestone(deps, h.client, m1);
    await refundMilestone(deps, h.developer, m2);
    const first = await listMyPayments(db(), h.client);
    expect(first.payments.map((p) => [p.reference, p.status, p.amountCents, p.milestoneStatus, p.refundedCents, p.failureReason])).toEqual([
      [paid2, "succeeded", 1_200_000, "refunded", 1_200_000, ""],
      [declined, "failed", 1_200_000, "refunded", 0, "The payment was declined"],
      [paid1, "succeeded", 600_000, "released", 0, ""],
    ]);
    expect(first.payments[0]).toMatchObject({
      contractId: h.contractId,
      projectTitle: h.project.title,
      milestoneTitle: "Milestone 2",
      developerName: h.developer.name,
    });
    expect(first.totals).toEqual({
      paidCents: 1_800_000,
      releasedCents: 600_000,
      refundedCents: 1_200_000,
      inEscrowCents: 0,
      paidTwiceRefundedCents: 0,
      hireEndedRefundedCents: 0,
    });
    expect(first.nextCursor).toBeNull();
    // Another client's payments are not in it; a developer is refused (their money is on /payouts).
    expect((await listMyPayments(db(), await makeClient(db()))).payments).toEqual([]);
    await expect(listMyPayments(db(), h.developer)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listMyPayments(db(), null)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(listMyPayments(db(), h.client, { cursor: "nonsense" })).rejects.toBeInstanceOf(ValidationError);
    // Past a page: newest first, each payment once across pages, totals on the first page only.
    const busy = await hire([5000]);
    for (let i = 0; i < PAYMENTS_PAGE_SIZE + 1; i++) await startFunding(deps, busy.client, busy.milestoneIds[0]!);
    const page1 = await listMyPayments(db(), busy.client);
    expect(page1.payments).toHaveLength(PAYMENTS_PAGE_SIZE);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await listMyPayments(db(), busy.client, { cursor: page1.nextCursor! });
    expect(page2.payments).toHaveLength(1);
    expect(page2.totals).toBeNull();
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.payments, ...page2.payments];
    expect(new Set(all.map((p) => p.reference)).size).toBe(PAYMENTS_PAGE_SIZE + 1);
    expect(all.map((p) => p.createdAt)).toEqual([...all.map((p) => p.createdAt)].sort().reverse());
    expect(page1.totals).toEqual({ paidCents: 0, releasedCents: 0, refundedCents: 0, inEscrowCents: 0, paidTwiceRefundedCents: 0, hireEndedRefundedCents: 0 });
  });

  it("finds a delayed payment by reconciliation, and auto-releases after 14 days without an answer", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    const { reference } = await startFunding(deps, h.client, m);
    expect(await provider().complete(reference, "delayed")).toBeNull();
    expect(await reconcilePendingPayments(deps, new Date())).toBe(0);
    expect(await reconcilePendingPayments(deps, new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(m)).toBe("funded");
    expect((await db().select({ s: payments.status }).from(payments).where(eq(payments.reference, reference)))[0]!.s).toBe("succeeded");
    await submitMilestone(deps, h.developer, m, "Done");
    expect(await autoReleaseDue(deps, new Date(Date.now() + 13 * 86_400_000))).toBe(0);
    // Three days before, the client is reminded once per submission (bell and email), naming the day.
    const day = 86_400_000;
    const reminders = async () =>
      (
        await db()
          .select({ message: notifications.message })
          .from(notifications)
          .where(and(eq(notifications.userId, h.client.id), eq(notifications.type, "milestone_release_soon")))
      ).map((n) => n.message);
    // (Other tests of this file may leave submitted milestones: the counts are this client's notices.)
    await remindBeforeAutoRelease(deps, new Date(Date.now() + 10 * day));
    expect(await reminders()).toEqual([]);
    expect(await remindBeforeAutoRelease(deps, new Date(Date.now() + 11.5 * day))).toBeGreaterThanOrEqual(1);
    await remindBeforeAutoRelease(deps, new Date(Date.now() + 12 * day));
    const [first] = await db().select({ at: milestones.submittedAt }).from(milestones).where(eq(milestones.id, m));
    const remindText = `"Whole project" (${h.project.title}) is released to the developer automatically on ${formatDate(new Date(first!.at!.getTime() + 14 * day))}`;
    expect(await reminders()).toEqual([remindText]);
    const reminderMail = (await mailsTo(h.client.id)).at(-1)!;
    expect(reminderMail.subject).toBe(remindText);
    expect(reminderMail.text).toContain(
      `request changes or open a dispute on the contract page before then, or its ${formatCents(500_000)} goes to the developer`,
    );
    // A new submission after a change request starts a new clock and a new reminder.
    await requestMilestoneChanges(deps, h.client, m, "One more screen");
    await submitMilestone(deps, h.developer, m, "Added");
    // A job that was down past the release day announces nothing: the release follows.
    await remindBeforeAutoRelease(deps, new Date(Date.now() + 15 * day));
    expect(await reminders()).toHaveLength(1);
    // Two instances' jobs at once: one reminder.
    const later = new Date(Date.now() + 11.5 * day);
    await Promise.all([remindBeforeAutoRelease(deps, later), remindBeforeAutoRelease(deps, later)]);
    expect(await reminders()).toHaveLength(2);
    // The contract page says when, to both sides.
    const [sub] = await db().select({ at: milestones.submittedAt }).from(milestones).where(eq(milestones.id, m));
    const due = new Date(sub!.at!.getTime() + 14 * 86_400_000).toISOString();
    expect((await getContract(db(), h.client, h.contractId)).milestones[0]!.autoReleaseAt).toBe(due);
    expect((await getContract(db(), h.developer, h.contractId)).milestones[0]!.autoReleaseAt).toBe(due);
    expect(await autoReleaseDue(deps, new Date(Date.now() + 13 * 86_400_000))).toBe(0);
    expect(await autoReleaseDue(deps, new Date(Date.now() + 15 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(m)).toBe("released");
    expect((await getContract(db(), h.client, h.contractId)).milestones[0]!.autoReleaseAt).toBeNull();
    // The client, who did not answer, is told it went to the developer (bell and email).
    const auto = `"Whole project" (${h.project.title}) was released to the developer automatically`;
    const [notice] = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, h.client.id), eq(notifications.type, "milestone_auto_released")));
    expect(notice?.message).toBe(auto);
    const last = (await mailsTo(h.client.id)).at(-1)!;
    expect(last.subject).toBe(auto);
    expect(last.text).toContain(`submitted for your approval 14 days ago without an answer, so its ${formatCents(500_000)} went to the developer`);
  });

  it("refuses to cancel a hire while money is in escrow", async () => {
    const h = await hire([5000]);
    await fund(h.client, h.milestoneIds[0]!);
    const { cancelHire } = await import("../../server/projects/lifecycle");
    await expect(cancelHire(t.domain, h.client, h.project.id)).rejects.toThrow("Refund or resolve the funded milestones before cancelling the hire");
  });

  it("ends a contract with its hire: nothing more is funded or changed on it, and a payment confirmed afterwards is refunded whole", async () => {
    const h = await hire([6000, 12000]);
    const [m1, m2] = h.milestoneIds as [string, string];
    // A checkout started while the hire stood, and a change proposed then.
    const { reference } = await startFunding(deps, h.client, m2);
    const pendingChange = await proposeMilestoneChange(deps, h.developer, h.contractId, { title: "Extra screens", amount: 3000 });
    const { cancelHire } = await import("../../server/projects/lifecycle");
    await cancelHire(t.domain, h.client, h.project.id);
    const paymentsBefore = await db().select({ id: payments.id }).from(payments).where(eq(payments.payerId, h.client.id));

    // The contract stays readable as a record, and says the hire ended; its milestones take no money.
    expect(await getContract(db(), h.client, h.contractId)).toMatchObject({ hireEnded: true });
    await expect(startFunding(deps, h.client, m1)).rejects.toThrow(new ConflictError(HIRE_ENDED));
    expect(await db().select({ id: payments.id }).from(payments).where(eq(payments.payerId, h.client.id))).toEqual(paymentsBefore);

    // The project is hired again: the old contract still changes nothing, from either side.
    const next = await submitProposal(t.domain, await makeDeveloper(db()), h.project.id, proposalBody(9000));
    await acceptProposal(t.domain, h.client, next.id);
    await expect(proposeMilestoneChange(deps, h.developer, h.contractId, { title: "Old terms", amount: 50000 })).rejects.toThrow(HIRE_ENDED);
    await expect(answerMilestoneChange(deps, h.client, pendingChange.id, "accept")).rejects.toThrow(HIRE_ENDED);
    expect((await getContract(db(), h.client, h.contractId)).milestones).toHaveLength(2);

    // The checkout started before is paid afterwards: it funds nothing, goes back whole, the payer is told.
    const event = await provider().complete(reference, "success");
    expect(await webhook(event!.body, event!.signature)).toBe("refunded");
    expect(await statusOf(m2)).toBe("proposed");
    expect(await held(db(), { kind: "escrow", owner: h.contractId })).toBe(0);
    const [paid] = await db().select({ id: payments.id, status: payments.status }).from(payments).where(eq(payments.reference, reference));
    expect(paid!.status).toBe("refunded");
    expect(await db().select({ cents: providerRefunds.amountCents }).from(providerRefunds).where(eq(providerRefunds.paymentId, paid!.id))).toEqual([
      { cents: 1_200_000 },
    ]);
    expect((await mailsTo(h.client.id)).at(-1)!.subject).toBe(
      `The hire ended before your payment for "Milestone 2" (${h.project.title}) came through: ${formatCents(1_200_000)} is refunded to you`,
    );
    const mine = await listMyPayments(db(), h.client);
    expect(mine.payments.find((p) => p.reference === reference)).toMatchObject({
      status: "refunded",
      refundNote: HIRE_ENDED_NOTE,
      failureReason: "",
    });
    // Told apart from payments made twice in the totals' line of what went back whole.
    expect(mine.totals).toMatchObject({ hireEndedRefundedCents: 1_200_000, paidTwiceRefundedCents: 0 });
  });

  it("completes only with nothing in escrow; a completed project's contract takes no funding or changes, and a late payment is refunded whole", async () => {
    const h = await hire([6000, 12000, 3000]);
    const [m1, m2, m3] = h.milestoneIds as [string, string, string];
    const { completeProject, COMPLETE_WITH_ESCROW } = await import("../../server/projects/lifecycle");
    const projectStatus = async () => (await db().select({ s: projects.status }).from(projects).where(eq(projects.id, h.project.id)))[0]!.s;
    // Money in escrow (funded, then submitted) must be answered before the project completes.
    await fund(h.client, m1);
    await expect(completeProject(t.domain, h.client, h.project.id)).rejects.toThrow(new ConflictError(COMPLETE_WITH_ESCROW));
    await submitMilestone(deps, h.developer, m1, "First part done");
    await expect(completeProject(t.domain, h.client, h.project.id)).rejects.toThrow(new ConflictError(COMPLETE_WITH_ESCROW));
    expect(await projectStatus()).toBe("in_progress");
    await approveMilestone(deps, h.client, m1);
    expect(await projectStatus()).toBe("in_progress");

    // A checkout and a change proposed while the work was in progress, then the client marks it complete.
    const { reference } = await startFunding(deps, h.client, m2);
    const pendingChange = await proposeMilestoneChange(deps, h.developer, h.contractId, { title: "Extra screens", amount: 3000 });
    await completeProject(t.domain, h.client, h.project.id);
    expect(await projectStatus()).toBe("completed");

    // The contract stays as a record and says why nothing more happens on it.
    const view = await getContract(db(), h.client, h.contractId);
    expect(view).toMatchObject({ hireEnded: false, closed: CONTRACT_COMPLETED });
    const paymentsBefore = await db().select({ id: payments.id }).from(payments).where(eq(payments.payerId, h.client.id));
    await expect(startFunding(deps, h.client, m3)).rejects.toThrow(new ConflictError(CONTRACT_COMPLETED));
    expect(await db().select({ id: payments.id }).from(payments).where(eq(payments.payerId, h.client.id))).toEqual(paymentsBefore);
    await expect(proposeMilestoneChange(deps, h.client, h.contractId, { title: "One more thing", amount: 2000 })).rejects.toThrow(
      new ConflictError(CONTRACT_COMPLETED),
    );
    await expect(proposeMilestoneChange(deps, h.developer, h.contractId, { milestoneId: m3, title: "Cheaper", amount: 1000 })).rejects.toThrow(
      new ConflictError(CONTRACT_COMPLETED),
    );
    await expect(answerMilestoneChange(deps, h.client, pendingChange.id, "accept")).rejects.toThrow(new ConflictError(CONTRACT_COMPLETED));
    expect((await getContract(db(), h.client, h.contractId)).milestones.map((m) => [m.title, m.amountCents, m.status])).toEqual([
      ["Milestone 1", 600_000, "released"],
      ["Milestone 2", 1_200_000, "proposed"],
      ["Milestone 3", 300_000, "proposed"],
    ]);

    // The checkout started before completion is paid afterwards: it funds nothing and goes back whole, as after a hire ended.
    const event = await provider().complete(reference, "success");
    expect(await webhook(event!.body, event!.signature)).toBe("refunded");
    expect(await statusOf(m2)).toBe("proposed");
    expect(await held(db(), { kind: "escrow", owner: h.contractId })).toBe(0);
    const [paid] = await db().select({ id: payments.id, status: payments.status }).from(payments).where(eq(payments.reference, reference));
    expect(paid!.status).toBe("refunded");
    expect(await db().select({ cents: providerRefunds.amountCents }).from(providerRefunds).where(eq(providerRefunds.paymentId, paid!.id))).toEqual([
      { cents: 1_200_000 },
    ]);
    expect((await mailsTo(h.client.id)).at(-1)!.subject).toBe(
      `The project was complete before your payment for "Milestone 2" (${h.project.title}) came through: ${formatCents(1_200_000)} is refunded to you`,
    );
    expect((await listMyPayments(db(), h.client)).totals).toMatchObject({ hireEndedRefundedCents: 1_200_000, paidTwiceRefundedCents: 0 });
  });

  it("the database refuses an unbalanced journal and any change to posted entries", async () => {
    // Posted entries of this test's own (the file's tests run in any order): a funded milestone.
    const h = await hire([5000]);
    await fund(h.client, h.milestoneIds[0]!);
    await expect(
      db().transaction((tx) =>
        postJournal(tx, {
          kind: "fund",
          eventKey: `bad-${Date.now()}`,
          lines: [
            { account: { kind: "client_funding" }, cents: 100 },
            { account: { kind: "platform_fees" }, cents: -100 },
          ],
        }).then(() =>
          tx.execute(sql`insert into ledger_entries (journal_id, account_id, amount_cents) select max(id), min(account_id), 5 from ledger_entries`),
        ),
      ),
    ).rejects.toThrow();
    await expect(db().execute(sql`update ledger_entries set amount_cents = amount_cents + 1`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_journals`)).rejects.toThrow();
  });

  it("pays out to a South African bank account: minimum R100, never above the balance; failed and reversed restore the balance", async () => {
    const h = await hire([10000]);
    const m = h.milestoneIds[0]!;
    await fund(h.client, m);
    await submitMilestone(deps, h.developer, m, "Done");
    await approveMilestone(deps, h.client, m);
    const balance = () => held(db(), { kind: "developer_balance", owner: h.developer.id });
    expect(await balance()).toBe(925_000);
    await expect(requestPayout(deps, h.developer, "500")).rejects.toThrow("Add your bank account first");
    await expect(saveBankAccount(deps, h.developer, { bankCode: "999999", accountNumber: "1234567890", holderName: "S Khumalo" })).rejects.toMatchObject({
      fields: { bankCode: "Choose your bank from the list" },
    });
    await expect(saveBankAccount(deps, h.developer, { bankCode: "470010", accountNumber: "12ab", holderName: "S" })).rejects.toMatchObject({
      fields: { accountNumber: "An account number has 6 to 16 digits", holderName: "Enter the account holder's name" },
    });
    // A field the form does not have is the whole form's failure, under "_form" as every write reports it (shared/schemas.ts fieldErrorsOf).
    await expect(
      saveBankAccount(deps, h.developer, { bankCode: "470010", accountNumber: "1234567890", holderName: "S Khumalo", branch: "Sandton" }),
    ).rejects.toEqual(expect.objectContaining({ fields: { _form: expect.any(String) as unknown as string } }));
    await expect(saveBankAccount(deps, h.client, { bankCode: "470010", accountNumber: "1234567890", holderName: "L Dlamini" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await saveBankAccount(deps, h.developer, { bankCode: "470010", accountNumber: "1234 567 890", holderName: "S Khumalo" });
    expect((await payoutsOverview(db(), h.developer)).bank).toEqual({
      bankName: "Capitec Bank",
      masked: "••••7890",
      holderName: "S Khumalo",
      payoutsFrom: null,
      hold: null,
    });
    await expect(requestPayout(deps, h.developer, "99.99")).rejects.toMatchObject({ fields: { amount: "The smallest payout is R100" } });
    await expect(requestPayout(deps, h.developer, "")).rejects.toMatchObject({ fields: { amount: "Please enter the amount to withdraw" } });
    await expect(requestPayout(deps, h.developer, "9250.01")).rejects.toMatchObject({ fields: { amount: "That is more than your available balance" } });
    await expect(requestPayout(deps, h.client, "100")).rejects.toBeInstanceOf(ForbiddenError);

    // Two withdrawals at once of most of the balance: one goes through.
    const both = await Promise.allSettled([requestPayout(deps, h.developer, "6000"), requestPayout(deps, h.developer, "6000")]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await balance()).toBe(325_000);
    const first = (both.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ reference: string }>).value.reference;
    const transfer = async (reference: string, outcome: "paid" | "failed" | "reversed") => {
      await sendPayoutTransfers(deps);
      const event = await provider().completeTransfer(reference, outcome);
      return event ? webhook(event.body, event.signature) : "none";
    };
    expect(await transfer(first, "failed")).toBe("settled");
    expect(await balance()).toBe(925_000);
    expect(await transfer(first, "paid")).toBe("none");

    const second = (await requestPayout(deps, h.developer, "9250")).reference;
    expect(await balance()).toBe(0);
    expect(await transfer(second, "paid")).toBe("settled");
    expect((await payoutsOverview(db(), h.developer)).payouts.map((p) => [p.status, p.amountCents])).toEqual([
      ["paid", 925_000],
      ["failed", 600_000],
    ]);
    expect(await transfer(second, "reversed")).toBe("settled");
    expect(await balance()).toBe(925_000);
    const replay = await provider().completeTransfer(second, "reversed");
    expect(replay).toBeNull();
    // The developer is told each outcome once, on the bell, linking to /payouts.
    const bank = "Capitec Bank ••••7890";
    const notices = await db()
      .select({ type: notifications.type, message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, h.developer.id), like(notifications.type, "payout_%")))
      .orderBy(notifications.createdAt);
    // ...and by email, with the reference.
    expect((await mailsTo(h.developer.id)).filter((m) => m.subject.startsWith("Your payout")).map((m) => [m.subject, m.text.includes(`Reference `)])).toEqual(
      notices.map((n) => [n.message, true]),
    );
    expect(notices).toEqual([
      { type: "payout_failed", message: `Your payout of ${formatCents(600_000)} to ${bank} failed: the money is back in your balance`, link: "/payouts" },
      { type: "payout_paid", message: `Your payout of ${formatCents(925_000)} to ${bank} was paid`, link: "/payouts" },
      {
        type: "payout_reversed",
        message: `Your payout of ${formatCents(925_000)} to ${bank} was reversed by the bank: the money is back in your balance`,
        link: "/payouts",
      },
    ]);
  });

  it("requests one payout when the withdrawal form is sent twice with its key (a double tap, a retry after a lost answer)", async () => {
    const h = await balanceToWithdraw(10000);
    const context = { deps: t.deps, user: h.developer };
    const { withdrawKey } = await payoutsRoute.loader({ request: new Request(`${APP_URL}/payouts`), context, params: {} } as never);
    const withdraw = (amount: string, idempotencyKey = withdrawKey) =>
      payoutsRoute.action({
        request: new Request(`${APP_URL}/payouts`, { method: "POST", body: new URLSearchParams({ intent: "withdraw", amount, idempotencyKey }) }),
        context,
        params: {},
      } as never) as Promise<Response>;
    const [a, b] = [await withdraw("3000"), await withdraw("3000")];
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(b.headers.get("location")).toBe("/payouts");
    expect(await db().select({ cents: payouts.amountCents }).from(payouts).where(eq(payouts.userId, h.developer.id))).toEqual([{ cents: 300_000 }]);
    expect(await held(db(), { kind: "developer_balance", owner: h.developer.id })).toBe(625_000);
    // The same key with another amount is refused, writing nothing; the page's next key withdraws again.
    expect(((await withdraw("4000")) as unknown as { init: { status: number } }).init.status).toBe(422);
    const { withdrawKey: next } = await payoutsRoute.loader({ request: new Request(`${APP_URL}/payouts`), context, params: {} } as never);
    expect(next).not.toBe(withdrawKey);
    expect((await withdraw("3000", next)).status).toBe(302);
    expect(await held(db(), { kind: "developer_balance", owner: h.developer.id })).toBe(325_000);
  });

  it("holds payouts to a replaced bank account for 48 hours and tells the developer at once; the first account and an unchanged save hold nothing", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    await fund(h.client, m);
    await submitMilestone(deps, h.developer, m, "Done");
    await approveMilestone(deps, h.client, m);
    const capitec = { bankCode: "470010", accountNumber: "1234567890", holderName: "S Khumalo" };
    expect(await saveBankAccount(deps, h.developer, capitec)).toEqual({ payoutsFrom: null });
    expect(await saveBankAccount(deps, h.developer, capitec)).toEqual({ payoutsFrom: null });
    expect((await payoutsOverview(db(), h.developer)).bank?.payoutsFrom).toBeNull();
    const changed = async () =>
      db()
        .select({ message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.userId, h.developer.id), eq(notifications.type, "bank_account_changed")));
    expect(await changed()).toEqual([]);
    const { reference } = await requestPayout(deps, h.developer, "100");
    expect(reference).toMatch(/^po_/);

    // Someone signed in as the developer swaps in their own account.
    const before = Date.now();
    const saved = await saveBankAccount(deps, h.developer, { bankCode: "250655", accountNumber: "62000000001", holderName: "Not Khumalo" });
    const hold = (await payoutsOverview(db(), h.developer)).bank!;
    expect(saved.payoutsFrom?.toISOString()).toBe(hold.payoutsFrom);
    expect(hold.masked).toBe("••••0001");
    const from = new Date(hold.payoutsFrom!).getTime();
    expect(from).toBeGreaterThanOrEqual(before + 48 * 3_600_000);
    expect(from).toBeLessThan(Date.now() + 48 * 3_600_000 + 1000);
    const refusal = `Your bank account was changed recently. For your safety, payouts to it start on ${formatDateTime(hold.payoutsFrom!)}.`;
    expect(hold.hold).toBe(refusal);
    await expect(requestPayout(deps, h.developer, "100")).rejects.toThrow(refusal);
    const subject = "Your payout bank account was changed to First National Bank ••••0001";
    expect(await changed()).toEqual([{ message: subject }]);
    const [mail] = (await mailsTo(h.developer.id)).filter((x) => x.subject === subject);
    expect(mail!.text).toContain("It replaced Capitec Bank ••••7890 on ");
    expect(mail!.text).toContain("If you did not make this change, reset your password now");
    expect(mail!.unsubscribe).toBe(false);
    // Once the hold has passed, payouts go to the new account.
    await db()
      .update(bankAccounts)
      .set({ payoutsFrom: new Date(Date.now() - 1000) })
      .where(eq(bankAccounts.userId, h.developer.id));
    expect((await payoutsOverview(db(), h.developer)).bank?.payoutsFrom).toBeNull();
    await requestPayout(deps, h.developer, "100");
    expect((await payoutsOverview(db(), h.developer)).payouts[0]!.destination).toBe("First National Bank ••••0001");
  });

  it("changes a milestone only when the other side accepts; never the money of a funded milestone", async () => {
    const h = await hire([6000, 12000]);
    const [m1, m2] = h.milestoneIds as [string, string];
    const outsider = await makeClient(db());
    const outsiderDev = await makeDeveloper(db());
    const row = async (id: string) => (await db().select().from(milestones).where(eq(milestones.id, id)))[0]!;
    const before = await row(m1);

    // Bad input: the field's message, nothing written.
    await expect(
      proposeMilestoneChange(deps, h.developer, h.contractId, { milestoneId: m1, title: " ", amount: "abc", dueDate: "2001-01-01" }),
    ).rejects.toMatchObject({
      fields: { title: "Milestone title is required", amount: "Amount must be a number", dueDate: "Due date cannot be in the past" },
    });
    await expect(proposeMilestoneChange(deps, h.developer, h.contractId, { title: "Phase 3", amount: 1000, dueDate: "2099-01-01" })).rejects.toMatchObject({
      fields: { dueDate: `Due date must be within ${MAX_YEARS_AHEAD} years` },
    });
    await expect(proposeMilestoneChange(deps, h.developer, h.contractId, { milestoneId: "not-a-uuid", title: "X", amount: 10 })).rejects.toMatchObject({
      fields: { milestoneId: "Choose a milestone of this contract" },
    });
    // A body that is not an object is the whole form's failure, under "_form" as every write reports it.
    await expect(proposeMilestoneChange(deps, h.developer, h.contractId, null)).rejects.toEqual(
      expect.objectContaining({ fields: { _form: expect.any(String) as unknown as string } }),
    );
    // Only the contract's parties propose.
    await expect(proposeMilestoneChange(deps, null, h.contractId, { title: "X", amount: 10 })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(proposeMilestoneChange(deps, outsider, h.contractId, { title: "X", amount: 10 })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(proposeMilestoneChange(deps, outsiderDev, h.contractId, { title: "X", amount: 10 })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(proposeMilestoneChange(deps, moderator, h.contractId, { title: "X", amount: 10 })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await getContract(db(), h.client, h.contractId)).changes).toEqual([]);

    // The developer proposes new terms for milestone 1: nothing changes until the client accepts.
    const change = await proposeMilestoneChange(deps, h.developer, h.contractId, {
      milestoneId: m1,
      title: "Designs and prototype",
      amount: "7500",
      dueDate: `${NEXT_YEAR}-02-01`,
    });
    expect(change).toMatchObject({ status: "pending", amountCents: 750_000, dueDate: `${NEXT_YEAR}-02-01`, proposedBy: h.developer.id });
    expect(await row(m1)).toMatchObject({ title: before.title, amountCents: before.amountCents, dueDate: null });
    expect((await getContract(db(), h.client, h.contractId)).changes.map((c) => c.id)).toEqual([change.id]);
    // The proposer cannot accept their own; nobody outside answers.
    await expect(answerMilestoneChange(deps, h.developer, change.id, "accept")).rejects.toBeInstanceOf(ForbiddenError);
    await expect(answerMilestoneChange(deps, outsider, change.id, "accept")).rejects.toBeInstanceOf(ForbiddenError);
    await expect(answerMilestoneChange(deps, moderator, change.id, "decline")).rejects.toBeInstanceOf(ForbiddenError);
    await expect(answerMilestoneChange(deps, null, change.id, "accept")).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await row(m1)).toMatchObject({ amountCents: before.amountCents });
    // The client accepts: applied once.
    expect(await answerMilestoneChange(deps, h.client, change.id, "accept")).toMatchObject({ status: "accepted" });
    expect(await row(m1)).toMatchObject({ title: "Designs and prototype", amountCents: 750_000, dueDate: `${NEXT_YEAR}-02-01`, status: "proposed" });
    await expect(answerMilestoneChange(deps, h.client, change.id, "decline")).rejects.toThrow("This proposal was already answered");

    // The client proposes a new milestone; the developer declines it: nothing is added.
    const extra = await proposeMilestoneChange(deps, h.client, h.contractId, { title: "Launch support", amount: 2000 });
    await answerMilestoneChange(deps, h.developer, extra.id, "decline");
    expect((await getContract(db(), h.client, h.contractId)).milestones).toHaveLength(2);
    // Proposed again and accepted: added at the end, awaiting funding.
    const again = await proposeMilestoneChange(deps, h.client, h.contractId, { title: "Launch support", amount: 2000, dueDate: "" });
    const accepted = await answerMilestoneChange(deps, h.developer, again.id, "accept");
    const view = await getContract(db(), h.developer, h.contractId);
    expect(view.milestones.map((m) => [m.position, m.title, m.amountCents, m.status])).toEqual([
      [1, "Designs and prototype", 750_000, "proposed"],
      [2, "Milestone 2", 1_200_000, "proposed"],
      [3, "Launch support", 200_000, "proposed"],
    ]);
    expect(accepted.milestoneId).toBe(view.milestones[2]!.id);

    // A funded milestone's money cannot change: refused when proposed, and when accepted after funding.
    const pendingOnM2 = await proposeMilestoneChange(deps, h.developer, h.contractId, { milestoneId: m2, title: "Build", amount: 20000 });
    await fund(h.client, m2);
    await expect(proposeMilestoneChange(deps, h.developer, h.contractId, { milestoneId: m2, title: "Build", amount: 20000 })).rejects.toThrow(
      "Only an unfunded milestone can be changed",
    );
    await expect(answerMilestoneChange(deps, h.client, pendingOnM2.id, "accept")).rejects.toBeInstanceOf(ConflictError);
    expect(await row(m2)).toMatchObject({ amountCents: 1_200_000, status: "funded" });
    expect(await held(db(), { kind: "escrow", owner: h.contractId })).toBe(1_200_000);
    await answerMilestoneChange(deps, h.client, pendingOnM2.id, "decline");
  });

  it("delivers a milestone with files: the two parties download them, a moderator only once it is disputed, nobody else", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    await fund(h.client, m);
    const fileDeps = { db: db(), files: t.deps.files };
    const pdf = await uploadFile(fileDeps, h.developer, { name: "handover.pdf", bytes: Buffer.from("%PDF-1.4\n% handover\n"), purpose: "attachment" });
    const stranger = await uploadFile(fileDeps, h.client, { name: "other.pdf", bytes: Buffer.from("%PDF-1.4\n% other\n"), purpose: "attachment" });
    // Someone else's upload, or too many: the field's message, and the milestone stays funded.
    await expect(submitMilestone(deps, h.developer, m, "Done", [stranger.id])).rejects.toMatchObject({
      fields: { attachments: "A file could not be attached. Upload it again." },
    });
    await expect(
      submitMilestone(
        deps,
        h.developer,
        m,
        "Done",
        Array.from({ length: 6 }, () => pdf.id),
      ),
    ).rejects.toMatchObject({
      fields: { attachments: "Attach at most 5 files" },
    });
    expect(await statusOf(m)).toBe("funded");

    await submitMilestone(deps, h.developer, m, "Handover notes attached", [pdf.id]);
    const view = await getContract(db(), h.client, h.contractId);
    expect(view.milestones[0]!.deliveryFiles.map((f) => f.name)).toEqual(["handover.pdf"]);
    expect((await readableFile(db(), h.client, pdf.id)).row.id).toBe(pdf.id);
    expect((await readableFile(db(), h.developer, pdf.id)).row.id).toBe(pdf.id);
    const outsider = await makeClient(db());
    await expect(readableFile(db(), outsider, pdf.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(readableFile(db(), moderator, pdf.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(readableFile(db(), null, pdf.id)).rejects.toBeInstanceOf(UnauthorizedError);

    // A change request and a second delivery keep the first delivery's file.
    await requestMilestoneChanges(deps, h.client, m, "Please add the admin guide");
    const guide = await uploadFile(fileDeps, h.developer, { name: "admin-guide.pdf", bytes: Buffer.from("%PDF-1.4\n% guide\n"), purpose: "attachment" });
    await submitMilestone(deps, h.developer, m, "Admin guide added", [guide.id]);
    expect((await getContract(db(), h.client, h.contractId)).milestones[0]!.deliveryFiles.map((f) => f.name)).toEqual(["handover.pdf", "admin-guide.pdf"]);

    // Disputed: the moderator may read the delivery.
    await disputeMilestone(deps, h.client, m, "The guide is missing pages");
    expect((await readableFile(db(), moderator, guide.id)).row.id).toBe(guide.id);
    await expect(readableFile(db(), outsider, guide.id)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("shows a milestone overdue once its due date passed and the work is not delivered", async () => {
    const h = await hire([5000]);
    const m = h.milestoneIds[0]!;
    expect((await getContract(db(), h.client, h.contractId)).milestones[0]).toMatchObject({ dueDate: null, overdue: false });
    await db().update(milestones).set({ dueDate: "2020-01-01" }).where(eq(milestones.id, m));
    expect((await getContract(db(), h.client, h.contractId)).milestones[0]).toMatchObject({ overdue: true });
    await fund(h.client, m);
    await submitMilestone(deps, h.developer, m, "Done");
    expect((await getContract(db(), h.client, h.contractId)).milestones[0]).toMatchObject({ overdue: false });
  });

  it("reconciles pending payouts with the provider: paid, failed and reversed settle once, also racing the transfer webhook", async () => {
    const h = await balanceToWithdraw(10000);
    const balance = () => held(db(), { kind: "developer_balance", owner: h.developer.id });
    const [paid, failed, reversed, open] = [
      (await requestPayout(deps, h.developer, "1000")).reference,
      (await requestPayout(deps, h.developer, "2000")).reference,
      (await requestPayout(deps, h.developer, "3000")).reference,
      (await requestPayout(deps, h.developer, "100")).reference,
    ];
    expect(await balance()).toBe(925_000 - 610_000);
    // Started by the sender (earlier tests of this file may leave payouts of their own to start).
    expect(await sendPayoutTransfers(deps)).toMatchObject({ failed: 0, retrying: 0 });
    // The provider settled three transfers but no webhook came.
    const outcome = (reference: string, o: "success" | "failed" | "reversed") =>
      db().update(testProviderCharges).set({ outcome: o }).where(eq(testProviderCharges.reference, reference));
    await outcome(paid, "success");
    await outcome(failed, "failed");
    await outcome(reversed, "reversed");
    const statusOfPayout = async (reference: string) => (await db().select({ s: payouts.status }).from(payouts).where(eq(payouts.reference, reference)))[0]!.s;

    // Younger than a minute: left alone.
    await reconcilePendingPayouts(deps, new Date());
    expect(await statusOfPayout(paid)).toBe("pending");

    // The transfer.success webhook and the job at once: one settlement, one journal.
    const body = JSON.stringify({ event: "transfer.success", data: { reference: paid, amount: 100_000, currency: "ZAR" } });
    const later = new Date(Date.now() + 120_000);
    const [hook, settledCount] = await Promise.all([webhook(body, signTestEvent(t.deps.secret, body)), reconcilePendingPayouts(deps, later)]);
    expect(["settled", "already"]).toContain(hook);
    expect(settledCount).toBeGreaterThanOrEqual(hook === "settled" ? 2 : 3);
    expect(await statusOfPayout(paid)).toBe("paid");
    expect(await statusOfPayout(failed)).toBe("failed");
    expect(await statusOfPayout(reversed)).toBe("reversed");
    expect(await statusOfPayout(open)).toBe("pending");
    const journals = await db().execute(sql`select count(*)::int as n from ledger_journals where event_key = ${`payout_paid:${paid}`}`);
    expect((journals as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
    // Failed and reversed gave their money back; the paid one and the open one did not.
    expect(await balance()).toBe(925_000 - 100_000 - 10_000);
    expect((await payoutsOverview(db(), h.developer)).payouts.find((p) => p.reference === failed)).toMatchObject({ failureReason: "The bank transfer failed" });

    // A replayed webhook and a second round change nothing.
    expect(await webhook(body, signTestEvent(t.deps.secret, body))).toBe("already");
    await reconcilePendingPayouts(deps, later);
    expect(await balance()).toBe(925_000 - 100_000 - 10_000);
    expect(await statusOfPayout(open)).toBe("pending");
  });

  it("issues tax invoices with sequential numbers (VAT when registered), a statement and a CSV export of the developer's ledger lines", async () => {
    const vatDeps = { ...deps, fees: { feeBps: 750, vatBps: 1500, vatNumber: "4123456789" } };
    const h = await hire([4000, 6000]);
    const [m1, m2] = h.milestoneIds as [string, string];
    for (const [m, d] of [
      [m1, deps],
      [m2, vatDeps],
    ] as const) {
      await fund(h.client, m);
      await submitMilestone(d, h.developer, m, "Done");
      await approveMilestone(d, h.client, m);
    }
    const invoices = await listMyInvoices(db(), h.developer);
    expect(invoices.map((i) => [i.feeCents, i.vatCents, i.totalCents])).toEqual([
      [45_000, 6_750, 51_750],
      [30_000, 0, 30_000],
    ]);
    expect(invoices[0]!.number).toBe(invoices[1]!.number + 1);
    expect(invoices[0]!.label).toMatch(/^INV-\d{6}$/);
    const pdf = await taxInvoicePdf(db(), h.developer, invoices[0]!.number);
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe("%PDF-");
    await expect(taxInvoicePdf(db(), h.client, invoices[0]!.number)).rejects.toThrow("Invoice not found");

    const csv = await myLedgerCsv(db(), h.developer);
    const rows = csv.trim().split("\r\n");
    expect(rows[0]).toBe("date,type,description,amount_zar,balance_zar");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,release,"Released: Milestone 1 \(R4 000,00 less fee R300,00\)",3700\.00,3700\.00$/);
    expect(rows[2]).toMatch(/,release,"Released: Milestone 2 \(R6 000,00 less fee R450,00 and VAT R67,50\)",5482\.50,9182\.50$/);
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
    const { start, end } = parseMonth(month);
    const statement = await myLedgerLines(db(), h.developer, start, end);
    expect(statement.opening).toBe(0);
    expect(statement.lines.at(-1)!.balanceCents).toBe(918_250);
    expect(() => parseMonth("2026-13")).toThrow(ValidationError);
    // A month still to come has no statement; the month that began at midnight in South Africa has.
    expect(() => parseMonth("2099-12")).toThrow(expect.objectContaining({ fields: { month: MONTH_NOT_STARTED } }));
    expect(() => parseMonth("2026-12", new Date("2026-11-30T21:59:59Z"))).toThrow(ValidationError);
    expect(parseMonth("2026-12", new Date("2026-11-30T22:00:00Z")).label).toMatch(/2026/);
  });

  it("keeps every invariant over random sequences of fund, release, refund, dispute split, changes, payouts and their outcomes", async () => {
    const h = await hire([1000, 2000, 3000, 4000, 5000]);
    await saveBankAccount(deps, h.developer, { bankCode: "250655", accountNumber: "62000000001", holderName: "Property Developer" });
    type Step = {
      op: "fund" | "submit" | "approve" | "changes" | "refund" | "dispute" | "resolve" | "payout" | "transfer";
      i: number;
      share: number;
    };
    const step = fc.record({
      op: fc.constantFrom<Step["op"]>("fund", "submit", "approve", "changes", "refund", "dispute", "resolve", "payout", "transfer"),
      // Mostly the first two milestones, so sequences reach releases and payouts often.
      i: fc.oneof(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 4 })),
      share: fc.integer({ min: 0, max: 100 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        for (const s of steps) {
          const id = h.milestoneIds[s.i]!;
          const [m] = await db().select().from(milestones).where(eq(milestones.id, id));
          const run = async () => {
            if (s.op === "fund") return m!.status === "proposed" ? fund(h.client, id) : startFunding(deps, h.client, id);
            if (s.op === "submit") return submitMilestone(deps, h.developer, id, "Work");
            if (s.op === "approve") return approveMilestone(deps, h.client, id);
            if (s.op === "changes") return requestMilestoneChanges(deps, h.client, id, "Change it");
            if (s.op === "refund") return refundMilestone(deps, h.developer, id);
            if (s.op === "dispute") return disputeMilestone(deps, h.client, id, "Not as agreed");
            if (s.op === "payout") {
              const balance = await held(db(), { kind: "developer_balance", owner: h.developer.id });
              return requestPayout(deps, h.developer, (Math.floor((balance * s.share) / 100) / 100).toFixed(2));
            }
            if (s.op === "transfer") {
              const [latest] = (await payoutsOverview(db(), h.developer)).payouts;
              await sendPayoutTransfers(deps);
              const event = latest ? await provider().completeTransfer(latest.reference, (["paid", "failed", "reversed"] as const)[s.i % 3]!) : null;
              return event ? webhook(event.body, event.signature) : null;
            }
            return resolveDispute(deps, moderator, id, String(Math.floor((m!.amountCents * s.share) / 100) / 100));
          };
          await run().catch((e: unknown) => {
            if (!(e instanceof ConflictError) && !(e instanceof ValidationError)) throw e;
          });
          expect(await ledgerViolations(db())).toEqual([]);
        }
      }),
      {
        numRuns: 4,
        // Always also this sequence: a release, payouts and every payout outcome.
        examples: [
          [
            [
              { op: "fund", i: 0, share: 0 },
              { op: "submit", i: 0, share: 0 },
              { op: "approve", i: 0, share: 0 },
              { op: "payout", i: 0, share: 60 },
              { op: "transfer", i: 1, share: 0 },
              { op: "payout", i: 0, share: 100 },
              { op: "transfer", i: 0, share: 0 },
              { op: "transfer", i: 2, share: 0 },
            ],
          ],
        ],
      },
    );
    expect(await db().select().from(payouts)).not.toHaveLength(0);
    // An unknown milestone is refused.
    await expect(
      db().transaction((tx) =>
        transitionMilestone(tx, { milestoneId: "00000000-0000-4000-8000-000000000000", event: "approve", actor: { role: "system" }, fees: deps.fees }),
      ),
    ).rejects.toThrow("Milestone not found");
  });
});
