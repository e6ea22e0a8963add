/**
 * Form fields a screen reader can tell apart and whose messages it reads (docs/product.md,
 * Accessibility): a field or button repeated for each milestone says which milestone in its
 * accessible name, and a field marked invalid is described by its message's element.
 */
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import ContractPage from "../../app/routes/contract";
import ProposalPage from "../../app/routes/project.proposal";
import Register from "../../app/routes/register";
import { useForm } from "react-hook-form";
import { PortfolioList } from "../../app/components/profile/profile-lists";
import type { DeveloperProfileInput } from "../../shared/schemas";

function render(Component: ComponentType, path = "/"): string {
  const Stub = createRoutesStub([{ path, Component }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] })).replace(/<!-- -->/g, "");
}

/** The text of the <label for={id}>, hidden parts included: the field's accessible name. */
function labelOf(html: string, id: string): string {
  const match = html.match(new RegExp(`<label[^>]*for="${id.replace(/\./g, "\\.")}"[^>]*>(.*?)</label>`, "s"));
  if (!match) throw new Error(`no label for ${id}`);
  return match[1]!
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The attributes of the element with this id. */
function tagOf(html: string, id: string): string {
  const match = html.match(new RegExp(`<(?:input|textarea|select)[^>]*id="${id.replace(/\./g, "\\.")}"[^>]*>`));
  if (!match) throw new Error(`no field ${id}`);
  return match[0];
}

describe("fields repeated for each milestone", () => {
  it("a proposal's milestone amounts are named by their milestone, the visible label unchanged", () => {
    const loaderData = {
      project: { id: "p1", title: "Salon booking app", budgetMin: 20000, budgetMax: 50000, timeline: "1-3-months" },
      mine: {
        status: "pending",
        coverLetter: "x".repeat(120),
        price: 30000,
        duration: "1-3-months",
        updatedAt: "2026-11-02T08:00:00.000Z",
        attachments: [],
        milestones: [
          { title: "Designs", amount: 10000 },
          { title: "Build", amount: 20000 },
        ],
      },
      idempotencyKey: "k1",
      fees: { feeBps: 1000, vatBps: 1500 },
    };
    const html = render(() => createElement(ProposalPage as ComponentType<never>, { loaderData } as never));
    expect(labelOf(html, "milestones.0.title")).toBe("Milestone 1 title");
    expect(labelOf(html, "milestones.0.amount")).toBe("Milestone 1 Amount (R)");
    expect(labelOf(html, "milestones.1.amount")).toBe("Milestone 2 Amount (R)");
    expect(html).toMatch(/<span class="sr-only">Milestone 2 <\/span>Amount \(R\)/);
    expect(tagOf(html, "milestones.1.amount")).toContain('aria-describedby="milestones.1.amount-error"');
    expect(tagOf(html, "milestones.1.title")).toContain('aria-describedby="milestones.1.title-error"');
  });

  it("the contract's change, delivery and dispute forms are named by their milestone", () => {
    const milestone = (position: number) => ({
      id: `m${position}`,
      position,
      title: `Part ${position}`,
      amountCents: 500_000,
      dueDate: null,
      status: position === 1 ? "funded" : "proposed",
      overdue: false,
      lastPaymentFailure: null,
      receiptReference: null,
      submissionNote: null,
      deliveryFiles: [],
      feedback: null,
      disputedBy: null,
      disputeResponse: null,
      canAnswerDispute: false,
      autoReleaseAt: null,
    });
    const contract = {
      viewer: "developer",
      projectId: "p1",
      projectTitle: "Salon booking app",
      projectStatus: "in_progress",
      client: { id: "c1", name: "Lerato Dlamini" },
      developer: { id: "d1", name: "Sipho Khumalo" },
      milestones: [milestone(1), milestone(2), milestone(3)],
      changes: [],
      totals: { total: 1_500_000, escrow: 500_000, released: 0, refunded: 0 },
    };
    const html = render(() => createElement(ContractPage as ComponentType<never>, { loaderData: { contract }, actionData: undefined } as never));
    expect(labelOf(html, "change-title-m2")).toBe("Milestone 2 Title");
    expect(labelOf(html, "change-amount-m2")).toBe("Milestone 2 Amount (R)");
    expect(labelOf(html, "change-amount-m3")).toBe("Milestone 3 Amount (R)");
    expect(labelOf(html, "change-due-m3")).toBe("Milestone 3 Due date (optional)");
    expect(labelOf(html, "change-amount-new")).toBe("New milestone Amount (R)");
    expect(labelOf(html, "note-m1")).toBe("Milestone 1 Delivery note");
    expect(labelOf(html, "reason-m1")).toBe("Milestone 1 Reason");
    // The buttons and toggles each milestone repeats say which milestone, in hidden text.
    const text = html
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim();
    for (const name of [
      "Refund to client (milestone 1)",
      "Submit for approval (milestone 1)",
      "Add files (milestone 1)",
      "Open a dispute (milestone 1)",
      "Propose a change (milestone 2)",
      "Propose a change (milestone 3)",
      "Send proposal (milestone 2)",
      "Send proposal (milestone 3)",
      "Send proposal (new milestone)",
    ]) {
      expect(text).toContain(name);
    }
    expect(html).toContain('Submit for approval<span class="sr-only"> (milestone 1)</span>');
    // The delivered-files control too: its button says which milestone's delivery it adds files to.
    expect(html).toMatch(/<button type="button"[^>]*>(?:(?!<\/button>).)*Add files<span class="sr-only"> \(milestone 1\)<\/span><\/button>/s);
  });
});

describe("the register form", () => {
  it("describes the terms checkbox by its message, as it does the other fields", () => {
    const html = render(Register as ComponentType, "/register");
    const checkbox = html.match(/<input type="checkbox"[^>]*>/)?.[0] ?? "";
    expect(checkbox).toContain('name="terms"');
    expect(checkbox).toContain('aria-describedby="terms-error"');
    expect(tagOf(html, "name")).toContain('aria-describedby="name-error"');
  });

  it("describes the account-type choice by its message: the radios' group points at it", () => {
    const html = render(Register as ComponentType, "/register");
    const group = html.match(/<fieldset[^>]*>\s*<legend[^>]*>I want to<\/legend>/)?.[0] ?? "";
    expect(group).toContain('role="radiogroup"');
    expect(group).toContain('aria-describedby="userType-error"');
  });
});

describe("fields repeated for each portfolio item", () => {
  it("each item is a group named by its heading, and its Add photos button says which item", () => {
    const item = (title: string) => ({ title, description: "", technologies: [], link: "", imageIds: [] });
    function Form() {
      const form = useForm<DeveloperProfileInput>({ defaultValues: { portfolio: [item("Taxi rank app"), item("Spaza stock app")] } as never });
      return createElement(PortfolioList, {
        control: form.control,
        register: form.register,
        setValue: form.setValue,
        getValues: form.getValues,
        errors: {},
      });
    }
    const html = renderToStaticMarkup(createElement(Form)).replace(/<!-- -->/g, "");
    const groups = [...html.matchAll(/<li role="group" aria-labelledby="([^"]+)"/g)].map(([, id]) => {
      const heading = new RegExp(`<p id="${id}"[^>]*>([^<]*)</p>`).exec(html);
      return heading?.[1];
    });
    expect(groups).toEqual(["Portfolio item 1", "Portfolio item 2"]);
    const buttons = [...html.matchAll(/<button[^>]*>(.*?)<\/button>/gs)]
      .map(([, inner]) =>
        inner!
          .replace(/<[^>]+>/g, "")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .filter((name) => name.startsWith("Add photos"));
    expect(buttons).toEqual(["Add photos (portfolio item 1)", "Add photos (portfolio item 2)"]);
  });
});
