/**
 * Demo money (docs/product.md, Files: "Demo data shows the money path"): the demo client's hires of the
 * demo developer get their contracts, and money moves through them as users move it, through the
 * payments domain's own functions and the test provider's signed webhooks, so every journal,
 * invoice and notification is the one the app itself would write:
 * - a completed hire: every milestone funded, delivered and approved (released less the fee);
 * - the in-progress hire: the first milestone released and the next delivered and waiting for
 *   the client's approval (a single-milestone contract: funded and delivered), the rest unfunded;
 * - the demo developer: a bank account and one paid payout of half their balance (whole R100s).
 * Run after seedDemoData, only with the test provider (a real provider's money is never faked).
 * Demo data sends no email: the emails these steps queue are dropped. Their notifications stay; a
 * completed hire's are moved to its completion time and marked read; the in-progress hire's are new,
 * but for the milestone already released (answered, so read).
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { emailOutbox, milestones, projects, proposals, users } from "../db/schema";
import { createContract } from "../payments/contracts";
import { held } from "../payments/ledger";
import { requestPayout, saveBankAccount, sendPayoutTransfers } from "../payments/payouts";
import { createTestProvider, TEST_SIGNATURE_HEADER } from "../payments/providers/test";
import { approveMilestone, handleWebhook, paymentsDeps, startFunding, submitMilestone, type PaymentsDeps } from "../payments/service";
import { DEMO_CLIENT, DEMO_DEVELOPER } from "./seed";

/** What seedDemoPayments did: contracts written, milestones released, payouts paid. */
export interface DemoPayments {
  contracts: number;
  released: number;
  payouts: number;
}

/** The demo developer's bank account (a test account number). */
const DEMO_BANK = { bankCode: "250655", accountNumber: "62000012345", holderName: DEMO_DEVELOPER.name };

/** What the demo developer writes when delivering a milestone. */
const deliveryNote = (title: string) => `"${title}" is ready for you: the work and a short walkthrough are in our shared folder. Let me know what you think.`;

/**
 * Writes the demo accounts' contracts and moves their money (see the module comment). Returns
 * what it did, or null when the provider is not the test provider or the demo accounts are
 * missing. Throws what the payments functions throw (a failure leaves the steps before it).
 */
export async function seedDemoPayments(db: Db, config: Pick<AppConfig, "appUrl" | "payments">): Promise<DemoPayments | null> {
  if (config.payments.provider !== "test") return null;
  const started = new Date();
  // Signs and checks the test webhooks in this process only; the queued emails it would sign are dropped.
  const deps = paymentsDeps({ db, config, secret: randomBytes(32).toString("hex") });
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email, userType: users.userType, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.email, [DEMO_CLIENT.email, DEMO_DEVELOPER.email]));
  const asUser = (email: string): SessionUser | null => {
    const u = people.find((p) => p.email === email);
    return u
      ? { id: u.id, name: u.name, email: u.email, userType: u.userType, emailVerified: true, role: "member", createdAt: u.createdAt.toISOString() }
      : null;
  };
  const client = asUser(DEMO_CLIENT.email);
  const developer = asUser(DEMO_DEVELOPER.email);
  if (!client || !developer) return null;

  const hires = await db
    .select({ projectId: projects.id, status: projects.status, completedAt: projects.completedAt, proposalId: proposals.id })
    .from(projects)
    .innerJoin(proposals, and(eq(proposals.projectId, projects.id), eq(proposals.status, "accepted"), eq(proposals.developerId, developer.id)))
    .where(and(eq(projects.userId, client.id), inArray(projects.status, ["in_progress", "completed"])))
    .orderBy(asc(projects.createdAt));
  const done: DemoPayments = { contracts: 0, released: 0, payouts: 0 };
  for (const hire of hires) {
    const contractId = await db.transaction((tx) => createContract(tx, { projectId: hire.projectId, proposalId: hire.proposalId, clientId: client.id }));
    done.contracts++;
    const list = await db
      .select({ id: milestones.id, title: milestones.title, amountCents: milestones.amountCents })
      .from(milestones)
      .where(eq(milestones.contractId, contractId))
      .orderBy(asc(milestones.position));
    const completed = hire.status === "completed";
    const toRelease = completed ? list.length : list.length > 1 ? 1 : 0;
    // The market seed wrote the completed hire as completed, and a completed project's contract takes
    // no funding (docs/product.md, Payments "Contracts"): its money moves as it did while the work
    // was in progress, and the project is completed again just before the last release, which then
    // does not complete it a second time (no new completion date, notices or review requests).
    const setStatus = (status: "in_progress" | "completed") => db.update(projects).set({ status }).where(eq(projects.id, hire.projectId));
    if (completed) await setStatus("in_progress");
    for (const [i, m] of list.entries()) {
      if (i > toRelease) break;
      await fund(deps, client, m.id);
      await submitMilestone(deps, developer, m.id, deliveryNote(m.title));
      if (i < toRelease) {
        if (completed && i === list.length - 1) await setStatus("completed");
        await approveMilestone(deps, client, m.id);
        done.released++;
      }
    }
    // An in-progress hire's released milestones were answered by the client: their notices are read.
    if (!hire.completedAt) {
      for (const m of list.slice(0, toRelease)) {
        await db.execute(sql`
          update notifications set read_at = now()
          where link = ${`/contracts/${contractId}`} and created_at >= ${started.toISOString()}::timestamptz and position(${`"${m.title}" (`} in message) > 0`);
      }
    }
    // A completed hire's notices happened when it completed, and were read: they are history, not news.
    if (hire.completedAt) {
      const at = hire.completedAt.toISOString();
      await db.execute(sql`
        update notifications set created_at = ${at}::timestamptz + (created_at - ${started.toISOString()}::timestamptz), read_at = ${at}::timestamptz
        where link = ${`/contracts/${contractId}`} and created_at >= ${started.toISOString()}::timestamptz`);
    }
  }

  const balance = await held(db, { kind: "developer_balance", owner: developer.id });
  const payoutRand = Math.floor(balance / 2 / 10_000) * 100;
  if (payoutRand >= 100) {
    await saveBankAccount(deps, developer, DEMO_BANK);
    const { reference } = await requestPayout(deps, developer, String(payoutRand));
    await sendPayoutTransfers(deps);
    await deliver(deps, await createTestProvider(deps).completeTransfer(reference, "paid"));
    done.payouts++;
  }
  await db.delete(emailOutbox).where(and(inArray(emailOutbox.toUserId, [client.id, developer.id]), gte(emailOutbox.createdAt, started)));
  return done;
}

/** The client pays milestone `milestoneId` at the test checkout and the provider's webhook settles it. */
async function fund(deps: PaymentsDeps, client: SessionUser, milestoneId: string): Promise<void> {
  const { reference } = await startFunding(deps, client, milestoneId);
  await deliver(deps, await createTestProvider(deps).complete(reference, "success"));
}

/** Hands a signed test-provider event to the webhook handler, as its HTTP delivery would. */
async function deliver(deps: PaymentsDeps, event: { body: string; signature: string } | null): Promise<void> {
  if (!event) throw new Error("The test provider sent no event");
  const outcome = await handleWebhook(deps, event.body, new Headers({ [TEST_SIGNATURE_HEADER]: event.signature }));
  if (outcome !== "funded" && outcome !== "settled") throw new Error(`A demo payment settled as ${outcome}`);
}
