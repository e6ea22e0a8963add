/**
 * What deleting an account does to the projects and proposals it is part of (docs/product.md,
 * Accounts): everything moves through the state machines, the other side is told, counts stay
 * exact, and completed work stays completed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount, exportMyData } from "../../server/auth/settings";
import { contracts, developerProfiles, emailOutbox, milestones, notifications, projects, proposals, supportMessages, users } from "../../server/db/schema";
import { BALANCE_BEFORE_DELETION, ESCROW_BEFORE_DELETION, ESCROW_FOR_WORK_BEFORE_DELETION } from "../../server/payments/contracts";
import { ledgerViolations } from "../../server/payments/ledger";
import { approveMilestone, paymentsDeps, settlePayment, startFunding, submitMilestone } from "../../server/payments/service";
import { submitSupportMessage } from "../../server/support/service";
import { completeProject } from "../../server/projects/lifecycle";
import { createProject } from "../../server/projects/service";
import { acceptProposal } from "../../server/proposals/service";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeProject, makeProposal } from "../support/factories";
import { projectInput } from "../support/fixtures";

describe.each(DB_KINDS)("account deletion on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const headers = (cookie: string) => new Headers({ cookie, origin: "http://localhost:3999" });
  const project = async (id: string) => (await db().select().from(projects).where(eq(projects.id, id)))[0]!;
  const proposal = async (id: string) => (await db().select().from(proposals).where(eq(proposals.id, id)))[0]!;
  const noticesOf = async (userId: string) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

  it("a client with a developer hired: the hire is cancelled through the machine and the developer told; completed work stays completed", async () => {
    const client = await t.signUp({ email: `hired-client-${kind}@example.co.za`, name: "Leaving Client" });
    const developer = await makeDeveloper(db());
    const hired = await createProject(db(), client.user, projectInput({ title: "Hired project" }));
    const hiredProposal = await makeProposal(t.domain, hired, developer);
    await acceptProposal(t.domain, client.user, hiredProposal.id);
    const done = await createProject(db(), client.user, projectInput({ title: "Finished project" }));
    const doneProposal = await makeProposal(t.domain, done, developer);
    await acceptProposal(t.domain, client.user, doneProposal.id);
    await completeProject(t.domain, client.user, done.id);
    const open = await createProject(db(), client.user, projectInput({ title: "Open project" }));
    const bid = await makeProposal(t.domain, open);

    await deleteAccount({ ...t.domain, auth: t.deps.auth }, client.user, { password: TEST_PASSWORD }, headers(client.cookie));

    expect(await project(hired.id)).toMatchObject({ status: "closed", hiredDeveloperId: null, proposalCount: 0 });
    expect((await proposal(hiredProposal.id)).status).toBe("cancelled");
    expect(await noticesOf(developer.id)).toContain('Your hire on "Hired project" ended: the client closed their account');
    expect(await project(done.id)).toMatchObject({ status: "completed", hiredDeveloperId: developer.id });
    expect((await proposal(doneProposal.id)).status).toBe("accepted");
    expect(await project(open.id)).toMatchObject({ status: "closed", proposalCount: 0 });
    expect((await proposal(bid.id)).status).toBe("declined");
    const [profile] = await db().select().from(developerProfiles).where(eq(developerProfiles.userId, developer.id));
    expect(profile!.completedProjects).toBe(1);
  });

  it("a developer who is hired: the project takes proposals again and the client is told; their open proposals are withdrawn", async () => {
    const developer = await t.signUp({ email: `hired-dev-${kind}@example.co.za`, name: "Leaving Developer", userType: "developer" });
    const client = await makeClient(db());
    const hiredOn = await makeProject(db(), client, { title: "Needs a new developer" });
    const hiredProposal = await makeProposal(t.domain, hiredOn, developer.user);
    await acceptProposal(t.domain, client, hiredProposal.id);
    const elsewhere = await makeProject(db());
    const pending = await makeProposal(t.domain, elsewhere, developer.user);
    expect((await project(elsewhere.id)).proposalCount).toBe(1);

    await deleteAccount({ ...t.domain, auth: t.deps.auth }, developer.user, { password: TEST_PASSWORD }, headers(developer.cookie));

    expect(await project(hiredOn.id)).toMatchObject({ status: "active", hiredDeveloperId: null, proposalCount: 0 });
    expect((await proposal(hiredProposal.id)).status).toBe("cancelled");
    expect(await noticesOf(client.id)).toContain('The developer hired for "Needs a new developer" closed their account. The project takes proposals again.');
    expect((await proposal(pending.id)).status).toBe("withdrawn");
    expect((await project(elsewhere.id)).proposalCount).toBe(0);
  });

  it("is refused while money is in escrow on a contract of the account (either side) or the developer has an available balance, saying what to do; nothing changes", async () => {
    const client = await t.signUp({ email: `escrow-client-${kind}@example.co.za`, name: "Paying Client" });
    const developer = await t.signUp({ email: `paid-dev-${kind}@example.co.za`, name: "Paid Developer", userType: "developer" });
    const hired = await createProject(db(), client.user, projectInput({ title: "Funded project" }));
    const hire = await makeProposal(t.domain, hired, developer.user);
    await acceptProposal(t.domain, client.user, hire.id);
    const [contract] = await db().select().from(contracts).where(eq(contracts.proposalId, hire.id));
    const [m] = await db().select().from(milestones).where(eq(milestones.contractId, contract!.id));
    const pay = paymentsDeps(t.deps);
    const { reference } = await startFunding(pay, { ...client.user, emailVerified: true }, m!.id);
    expect(await settlePayment(pay, reference, "success", m!.amountCents)).toBe("funded");
    const remove = (who: typeof client) => deleteAccount({ ...t.domain, auth: t.deps.auth }, who.user, { password: TEST_PASSWORD }, headers(who.cookie));

    await expect(remove(client)).rejects.toThrow(ESCROW_BEFORE_DELETION);
    expect(await project(hired.id)).toMatchObject({ status: "in_progress", hiredDeveloperId: developer.user.id });
    const [still] = await db().select({ isActive: users.isActive }).from(users).where(eq(users.id, client.user.id));
    expect(still!.isActive).toBe(true);
    // The developer may not go either while it is in escrow for their work: released after their
    // deletion, it would land in a deleted account's balance (decision 0060).
    await expect(remove(developer)).rejects.toThrow(ESCROW_FOR_WORK_BEFORE_DELETION);
    expect(await project(hired.id)).toMatchObject({ status: "in_progress", hiredDeveloperId: developer.user.id });

    // Released: the client may go; the developer now has a balance and may not.
    await submitMilestone(pay, developer.user, m!.id, "Done");
    await approveMilestone(pay, client.user, m!.id);
    await expect(remove(developer)).rejects.toThrow(BALANCE_BEFORE_DELETION);
    const [dev] = await db().select({ isActive: users.isActive }).from(users).where(eq(users.id, developer.user.id));
    expect(dev!.isActive).toBe(true);
    await remove(client);
    const [gone] = await db().select({ isActive: users.isActive }).from(users).where(eq(users.id, client.user.id));
    expect(gone!.isActive).toBe(false);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it("a wrong password changes nothing", async () => {
    const client = await t.signUp({ email: `stays-${kind}@example.co.za` });
    const p = await createProject(db(), client.user, projectInput());
    await expect(
      deleteAccount({ ...t.domain, auth: t.deps.auth }, client.user, { password: "not-the-password" }, headers(client.cookie)),
    ).rejects.toMatchObject({
      fields: { password: "Password is incorrect" },
    });
    expect((await project(p.id)).status).toBe("active");
  });

  it("support messages are in the data export and go with the account, with support's copies of their emails; other people's stay", async () => {
    const email = `support-leaver-${kind}@example.co.za`;
    const leaver = await t.signUp({ email, name: "Sipho Support" });
    const deps = { db: db(), secret: t.deps.secret };
    const message = { name: "Sipho Support", subject: "Invoice question", message: "Where do I find the invoice for my last payment?" };
    const signedIn = await submitSupportMessage(deps, leaver.user, { ...message, email: "other-address@example.co.za" }, `10.9.${kind.length}.1`);
    const signedOut = await submitSupportMessage(deps, null, { ...message, email: email.toUpperCase() }, `10.9.${kind.length}.2`);
    const someoneElse = await submitSupportMessage(
      deps,
      null,
      { ...message, name: "Thandi Other", email: `stays-${kind}-support@example.co.za` },
      `10.9.${kind.length}.3`,
    );

    const data = await exportMyData(db(), leaver.user);
    expect(data.supportMessages.map((m) => m.id).sort()).toEqual([signedIn.id, signedOut.id].sort());
    expect(data.supportMessages[0]).toMatchObject({ name: "Sipho Support", subject: "Invoice question" });
    expect(JSON.parse(JSON.stringify(data)).supportMessages).toHaveLength(2);

    await deleteAccount({ ...t.domain, auth: t.deps.auth }, leaver.user, { password: TEST_PASSWORD }, headers(leaver.cookie));

    const left = (await db().select({ id: supportMessages.id }).from(supportMessages)).map((r) => r.id);
    expect(left).not.toContain(signedIn.id);
    expect(left).not.toContain(signedOut.id);
    expect(left).toContain(someoneElse.id);
    const mails = await db().select({ text: emailOutbox.textBody }).from(emailOutbox);
    expect(mails.some((m) => m.text.includes(signedOut.id))).toBe(false);
    expect(mails.some((m) => m.text.includes(someoneElse.id))).toBe(true);
  });
});
