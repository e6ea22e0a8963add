/**
 * The page a form's post renders when it was sent before or without the scripts (docs/product.md,
 * Look and feel; decision 0059): the proposal edit, the developer profile and the project edit
 * wizard carry the stale-save version that post carried, not the one their loader read since, so a
 * refused stale save sent again is refused again; a refusal of the hidden version itself is shown as
 * the form's message.
 */
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import ProposalPage from "../../app/routes/project.proposal";
import { DeveloperProfileForm, EMPTY_PROFILE } from "../../app/components/profile/profile-form";
import { ProjectForm } from "../../app/components/projects/project-form";
import { postedVersion } from "../../app/lib/form-fields";
import { PROFILE_CHANGED_ELSEWHERE } from "../../server/developers/service";
import { PROJECT_CHANGED_ELSEWHERE } from "../../server/projects/service";
import { PROPOSAL_CHANGED_ELSEWHERE } from "../../server/proposals/service";
import { NEW_PROFILE_VERSION, PROFILE_VERSION_MESSAGE, PROPOSAL_VERSION_MESSAGE, type ProjectInput } from "../../shared/schemas";
import { projectInput } from "../support/fixtures";

const OPENED = "2026-11-02T08:00:00.000Z";
const SAVED_SINCE = "2026-11-02T08:05:00.000Z";

/** `Component` rendered as the page answering a post with `actionData` (undefined: a plain visit). */
function render(Component: ComponentType, actionData?: unknown): string {
  const Stub = createRoutesStub([{ id: "page", path: "/", Component }]);
  const hydrationData = actionData === undefined ? undefined : { actionData: { page: actionData } };
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"], hydrationData })).replace(/<!-- -->/g, "");
}

/** The value of the form's hidden version field, or null without one. */
function versionOf(html: string): string | null {
  const tag = html.match(/<input[^>]*name="version"[^>]*>/)?.[0];
  return tag ? (tag.match(/value="([^"]*)"/)?.[1] ?? "") : null;
}

/** The text of the form's alert (its entities read), or null. */
function alertOf(html: string): string | null {
  const text = html.match(/<p role="alert"[^>]*>(.*?)<\/p>/s)?.[1];
  const entities: Record<string, string> = { "&#x27;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&amp;": "&" };
  return text === undefined ? null : text.replace(/&#x27;|&quot;|&lt;|&gt;|&amp;/g, (e) => entities[e]!);
}

describe("postedVersion", () => {
  it("is the loader's version without a post, the posted one after it, empty for a post without one, and none for a form without a version", () => {
    expect(postedVersion(undefined, SAVED_SINCE)).toBe(SAVED_SINCE);
    expect(postedVersion({ title: "x", version: OPENED }, SAVED_SINCE)).toBe(OPENED);
    expect(postedVersion({ title: "x", version: "" }, SAVED_SINCE)).toBe("");
    expect(postedVersion({ title: "x" }, SAVED_SINCE)).toBe("");
    expect(postedVersion({ title: "x", version: { 0: OPENED } }, SAVED_SINCE)).toBe("");
    expect(postedVersion({ title: "x", version: OPENED }, undefined)).toBeUndefined();
  });
});

describe("a stale save refused without the scripts", () => {
  const proposal = (updatedAt: string) =>
    ({
      project: { id: "p1", title: "Salon booking app", budgetMin: 20000, budgetMax: 50000, timeline: "1-3-months" },
      mine: { status: "pending", coverLetter: "x".repeat(120), price: 30000, duration: "2-4", updatedAt, attachments: [], milestones: [] },
      idempotencyKey: "k1",
      fees: { feeBps: 1000, vatBps: 1500 },
    }) as never;
  const proposalPage = (loaderData: never) => () => createElement(ProposalPage as ComponentType<never>, { loaderData } as never);
  const sentProposal = (version: string) => ({ intent: "update", version, coverLetter: "y".repeat(120), price: "35 000", durationMode: "2-4" });

  it("the proposal edit renders the version the post carried, with what was typed and the message to reload", () => {
    expect(versionOf(render(proposalPage(proposal(OPENED))))).toBe(OPENED);
    const html = render(proposalPage(proposal(SAVED_SINCE)), { ok: false, message: PROPOSAL_CHANGED_ELSEWHERE, values: sentProposal(OPENED) });
    expect(versionOf(html)).toBe(OPENED);
    expect(alertOf(html)).toBe(PROPOSAL_CHANGED_ELSEWHERE);
    expect(html).toMatch(/<input[^>]*id="price"[^>]*value="35 000"/);
  });

  const profile = (version: string) => () =>
    createElement(DeveloperProfileForm, { defaultValues: { ...EMPTY_PROFILE, title: "Saved since" }, version } as never);

  it("the developer profile renders the version the post carried ('new' before the first save), with what was typed and the message to reload", () => {
    expect(versionOf(render(profile(SAVED_SINCE)))).toBe(SAVED_SINCE);
    for (const opened of [OPENED, NEW_PROFILE_VERSION]) {
      const html = render(profile(SAVED_SINCE), {
        ok: false,
        message: PROFILE_CHANGED_ELSEWHERE,
        values: { title: "Typed in the stale tab", version: opened },
      });
      expect(versionOf(html)).toBe(opened);
      expect(alertOf(html)).toBe(PROFILE_CHANGED_ELSEWHERE);
      expect(html).toMatch(/<input[^>]*id="title"[^>]*value="Typed in the stale tab"/);
    }
  });

  it("a hidden version refused as malformed (sent empty) shows its message on the proposal's and the profile's form, and the same version again", () => {
    const proposalHtml = render(proposalPage(proposal(SAVED_SINCE)), {
      ok: false,
      message: PROPOSAL_VERSION_MESSAGE,
      fields: { version: PROPOSAL_VERSION_MESSAGE },
      values: sentProposal(""),
    });
    expect(versionOf(proposalHtml)).toBe("");
    expect(alertOf(proposalHtml)).toBe(PROPOSAL_VERSION_MESSAGE);
    const profileHtml = render(profile(SAVED_SINCE), {
      ok: false,
      message: PROFILE_VERSION_MESSAGE,
      fields: { version: PROFILE_VERSION_MESSAGE },
      values: { title: "Typed", version: "" },
    });
    expect(versionOf(profileHtml)).toBe("");
    expect(alertOf(profileHtml)).toBe(PROFILE_VERSION_MESSAGE);
  });

  const values = projectInput({ title: "Saved since" }) as ProjectInput;
  const wizard = (version: string | undefined) => () => createElement(ProjectForm, { defaultValues: values, mode: version ? "edit" : "create", version });
  const sentProject = (version: string, step: number) => ({ ...values, title: "Typed in the stale tab", step: String(step), version });

  it("the project wizard renders the version its Next, Previous or refused save carried", () => {
    expect(versionOf(render(wizard(SAVED_SINCE)))).toBe(SAVED_SINCE);
    // Next or Previous without the scripts: the step with the fields as sent, and their version.
    const moved = render(wizard(SAVED_SINCE), { ok: true, step: 1, values: sentProject(OPENED, 1) });
    expect(moved).toContain("Step 2 of 3");
    expect(versionOf(moved)).toBe(OPENED);
    const refused = render(wizard(SAVED_SINCE), { ok: false, message: PROJECT_CHANGED_ELSEWHERE, values: sentProject(OPENED, 2) });
    expect(refused).toContain("Step 3 of 3");
    expect(versionOf(refused)).toBe(OPENED);
    expect(alertOf(refused)).toBe(PROJECT_CHANGED_ELSEWHERE);
    expect(refused).toMatch(/<input type="hidden" name="title" value="Typed in the stale tab"/);
    // A new project has no version, posted or not.
    expect(versionOf(render(wizard(undefined), { ok: true, step: 1, values: sentProject(OPENED, 1) }))).toBeNull();
  });
});
