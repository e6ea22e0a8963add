/**
 * What users expect (docs/product.md, Journeys): a client invites a developer to an open project
 * (one notice and one email through the outbox; not twice, not after a proposal, not to a hired or
 * closed project, not to someone else's project, at most INVITATIONS_PER_HOUR an hour); the owner
 * messages a proposer about the project; favourites are saved once, listed, and drop out when the
 * project closes or the account goes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "../../server/auth/settings";
import { notifications, projectDrafts, projectInvitations, savedDevelopers, users } from "../../server/db/schema";
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from "../../server/errors";
import { listSavedDevelopers, listSavedProjects, setDeveloperSaved, setProjectSaved } from "../../server/favourites/service";
import { invitableProjects, invitationsToAnswer, inviteDeveloper, listMyInvitations, projectInvitationsFor } from "../../server/invitations/service";
import { startConversation } from "../../server/messages/service";
import { closeProject } from "../../server/projects/lifecycle";
import { discardProjectDraft, getProjectDraft, saveProjectDraft } from "../../server/drafts/service";
import { listProjects } from "../../server/projects/service";
import { INVITATIONS_PER_HOUR } from "../../shared/constants";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeHire, makeProject, makeProposal } from "../support/factories";

describe.each(DB_KINDS)("journeys users expect on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const noticesOf = async (userId: string) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
  const emailOf = async (userId: string) => (await db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

  it("invites a developer once: a notice and an email with the project's link; the project shows the invitation", async () => {
    const client = await makeClient(db(), "Thandi Client");
    const dev = await makeDeveloper(db(), { name: "Sipho Dev" });
    const project = await makeProject(db(), client, { title: "Taxi rank queue app for Durban" });

    expect(await invitableProjects(db(), client, dev.id)).toEqual([{ id: project.id, title: project.title, state: null }]);
    const invitation = await inviteDeveloper(t.domain, client, dev.id, { projectId: project.id });
    expect(invitation).toMatchObject({ projectId: project.id, developerId: dev.id, clientName: "Thandi Client" });
    await t.flushEmails();

    expect(await noticesOf(dev.id)).toEqual([`Thandi Client invited you to propose on "Taxi rank queue app for Durban"`]);
    const devEmail = await emailOf(dev.id);
    const mails = t.mails.filter((m) => m.to === devEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Thandi Client invited you to propose on "Taxi rank queue app for Durban"`);
    expect(mails[0]!.text).toContain(`/projects/${project.id}`);

    await expect(inviteDeveloper(t.domain, client, dev.id, { projectId: project.id })).rejects.toThrow(ConflictError);
    expect(await noticesOf(dev.id)).toHaveLength(1);
    expect(await invitableProjects(db(), client, dev.id)).toEqual([{ id: project.id, title: project.title, state: "invited" }]);
    expect((await projectInvitationsFor(db(), client, project.id, client.id)).map((i) => i.developerName)).toEqual(["Sipho Dev"]);
    expect((await projectInvitationsFor(db(), dev, project.id, client.id)).map((i) => i.clientName)).toEqual(["Thandi Client"]);
    const other = await makeDeveloper(db());
    expect(await projectInvitationsFor(db(), other, project.id, client.id)).toEqual([]);
    expect((await listMyInvitations(db(), dev)).map((i) => i.projectId)).toEqual([project.id]);
    // The developer's dashboard asks for a proposal until one is sent (docs/product.md, Dashboard).
    expect((await invitationsToAnswer(db(), dev)).map((i) => [i.projectId, i.clientName])).toEqual([[project.id, "Thandi Client"]]);
    expect(await invitationsToAnswer(db(), client)).toEqual([]);
    await makeProposal(t.domain, project, dev);
    expect(await invitationsToAnswer(db(), dev)).toEqual([]);
  });

  it("refuses an invitation to a proposer, to a hired or closed project, to another client's project, by a developer, and bad input", async () => {
    const client = await makeClient(db());
    const dev = await makeDeveloper(db());
    const proposed = await makeProject(db(), client);
    await makeProposal(t.domain, proposed, dev);
    await expect(inviteDeveloper(t.domain, client, dev.id, { projectId: proposed.id })).rejects.toThrow(/already sent a proposal/);
    expect(await invitableProjects(db(), client, dev.id)).toEqual([{ id: proposed.id, title: proposed.title, state: "proposed" }]);

    const hire = await makeHire(t.domain);
    await expect(inviteDeveloper(t.domain, hire.client, dev.id, { projectId: hire.project.id })).rejects.toThrow(/open project/);
    const closed = await makeProject(db(), client);
    await closeProject(t.domain, client, closed.id);
    await expect(inviteDeveloper(t.domain, client, dev.id, { projectId: closed.id })).rejects.toThrow(ConflictError);
    expect((await invitableProjects(db(), client, dev.id)).map((p) => p.id)).not.toContain(closed.id);

    const stranger = await makeClient(db());
    await expect(inviteDeveloper(t.domain, stranger, dev.id, { projectId: proposed.id })).rejects.toThrow(ForbiddenError);
    await expect(inviteDeveloper(t.domain, dev, dev.id, { projectId: proposed.id })).rejects.toThrow(ForbiddenError);
    await expect(inviteDeveloper(t.domain, client, client.id, { projectId: proposed.id })).rejects.toThrow(NotFoundError);
    const bad = await inviteDeveloper(t.domain, client, dev.id, { projectId: "not-a-project" }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect((bad as ValidationError).fields).toEqual({ projectId: "Choose a project" });
    expect(await db().select().from(projectInvitations).where(eq(projectInvitations.developerId, dev.id))).toEqual([]);
  });

  it(`limits a client to ${INVITATIONS_PER_HOUR} invitations an hour`, async () => {
    const client = await makeClient(db());
    const project = await makeProject(db(), client);
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) await inviteDeveloper(t.domain, client, (await makeDeveloper(db())).id, { projectId: project.id });
    const last = await makeDeveloper(db());
    await expect(inviteDeveloper(t.domain, client, last.id, { projectId: project.id })).rejects.toThrow(TooManyRequestsError);
    expect(await noticesOf(last.id)).toEqual([]);
  });

  it("lets the owner message a proposer about the project, reusing the conversation; nobody else, and nobody who did not propose", async () => {
    const client = await makeClient(db());
    const dev = await makeDeveloper(db());
    const project = await makeProject(db(), client);
    await makeProposal(t.domain, project, dev);
    const first = await startConversation(db(), client, { to: dev.id, projectId: project.id, body: "Can you start next week?" });
    expect(first.created).toBe(true);
    expect(first.conversation.project).toMatchObject({ id: project.id });
    const again = await startConversation(db(), client, { to: dev.id, projectId: project.id, body: "And one more thing" });
    expect(again).toMatchObject({ created: false, conversation: { id: first.conversation.id } });

    const outsider = await makeDeveloper(db());
    await expect(startConversation(db(), client, { to: outsider.id, projectId: project.id, body: "Hi" })).rejects.toThrow(ForbiddenError);
    const stranger = await makeClient(db());
    await expect(startConversation(db(), stranger, { to: dev.id, projectId: project.id, body: "Hi" })).rejects.toThrow(ForbiddenError);
  });

  it("saves projects and developers once, lists them, and drops a closed project and a deactivated account", async () => {
    const client = await makeClient(db());
    const dev = await makeDeveloper(db(), { name: "Ayesha Saved" });
    const project = await makeProject(db(), client, { title: "Bursary tracker" });
    expect(await setProjectSaved(db(), dev, project.id, true)).toEqual({ saved: true });
    expect(await setProjectSaved(db(), dev, project.id, true)).toEqual({ saved: true });
    expect((await listSavedProjects(db(), dev)).map((p) => p.title)).toEqual(["Bursary tracker"]);
    await expect(setProjectSaved(db(), client, project.id, true)).rejects.toThrow(ForbiddenError);
    await closeProject(t.domain, client, project.id);
    expect(await listSavedProjects(db(), dev)).toEqual([]);
    await expect(setProjectSaved(db(), dev, project.id, true)).rejects.toThrow(NotFoundError);

    expect(await setDeveloperSaved(db(), client, dev.id, true)).toEqual({ saved: true });
    expect((await listSavedDevelopers(db(), client)).map((d) => d.name)).toEqual(["Ayesha Saved"]);
    await expect(setDeveloperSaved(db(), dev, dev.id, true)).rejects.toThrow(ForbiddenError);
    await db().update(users).set({ isActive: false }).where(eq(users.id, dev.id));
    expect(await listSavedDevelopers(db(), client)).toEqual([]);
    expect(await setDeveloperSaved(db(), client, dev.id, false)).toEqual({ saved: false });
  });

  it("keeps one draft per user, refuses a bad one unchanged, and a draft is never a project", async () => {
    const client = await makeClient(db());
    const other = await makeClient(db());
    expect(await getProjectDraft(db(), client)).toBeNull();
    await saveProjectDraft(db(), client, { step: 0, values: { title: "Draft: braai" } });
    const saved = await saveProjectDraft(db(), client, { step: 1, values: { title: "Draft: braai booking app", skills: ["Flutter"], budgetRange: "" } });
    expect(saved).toMatchObject({ step: 1, values: { title: "Draft: braai booking app", skills: ["Flutter"], budgetRange: "" } });
    expect(await getProjectDraft(db(), other)).toBeNull();

    const bad = await saveProjectDraft(db(), client, { step: 5, values: { title: "x".repeat(500) } }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect(Object.keys((bad as ValidationError).fields!).sort()).toEqual(["step", "values.title"]);
    expect((await getProjectDraft(db(), client))!.values.title).toBe("Draft: braai booking app");
    // NUL (which PostgreSQL cannot store, even in JSON) and other control characters: the field's message, nothing saved.
    for (const values of [{ title: "\u0000" }, { description: "Line one\u0000" }, { features: ["a\u0007"] }, { deadline: "\u0000" }]) {
      const refused = await saveProjectDraft(db(), client, { step: 1, values }).catch((e: unknown) => e);
      expect(refused, JSON.stringify(values)).toBeInstanceOf(ValidationError);
    }
    expect(
      (
        (await saveProjectDraft(db(), client, { step: 1, values: { title: "x", description: "Line one\r\nLine two\tand a tab" } })).values as {
          description: string;
        }
      ).description,
    ).toBe("Line one\r\nLine two\tand a tab");
    expect((await getProjectDraft(db(), client))!.values.title).toBe("x");
    // A budget range or timeline not chosen yet, which the wizard's radio group sends as null once it
    // was focused (Next on the empty step) and left: saved as "", not refused ("Draft not saved").
    const unchosen = await saveProjectDraft(db(), client, { step: 0, values: { title: "x", budgetRange: null, timeline: null } });
    expect(unchosen.values).toMatchObject({ budgetRange: "", timeline: "" });

    const browse = await listProjects(db(), { search: "braai" });
    expect(browse.projects).toEqual([]);
    await discardProjectDraft(db(), client);
    expect(await getProjectDraft(db(), client)).toBeNull();
  });

  it("deleting an account removes its favourites, draft and invitations, and others' saves of it", async () => {
    const client = await t.signUp({ email: `leaving-fav-${kind}@example.co.za`, name: "Leaving Client" });
    const developer = await t.signUp({ email: `leaving-dev-${kind}@example.co.za`, name: "Leaving Dev", userType: "developer" });
    const other = await makeClient(db());
    const project = await makeProject(db(), client.user);
    await setDeveloperSaved(db(), client.user, developer.user.id, true);
    await setDeveloperSaved(db(), other, developer.user.id, true);
    await saveProjectDraft(db(), client.user, { step: 0, values: { title: "Half an idea" } });
    await inviteDeveloper(t.domain, client.user, developer.user.id, { projectId: project.id });

    const origin = { origin: "http://localhost:3999" };
    await deleteAccount({ ...t.domain, auth: t.deps.auth }, client.user, { password: TEST_PASSWORD }, new Headers({ cookie: client.cookie, ...origin }));
    await deleteAccount({ ...t.domain, auth: t.deps.auth }, developer.user, { password: TEST_PASSWORD }, new Headers({ cookie: developer.cookie, ...origin }));

    expect(await db().select().from(savedDevelopers).where(eq(savedDevelopers.developerId, developer.user.id))).toEqual([]);
    expect(await db().select().from(projectDrafts).where(eq(projectDrafts.userId, client.user.id))).toEqual([]);
    expect(await db().select().from(projectInvitations).where(eq(projectInvitations.clientId, client.user.id))).toEqual([]);
  });
});
