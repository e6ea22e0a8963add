/**
 * Money typed the South African way (docs/product.md, Money typed in forms): "R 1 500", "1 500,00",
 * "1,500" and non-breaking spaces are read as the amount the user meant, on every form that takes
 * rand (proposal price and milestones, milestone changes, hourly rate, withdrawals, a dispute's
 * split); what is not an amount is refused with the field's own message, never read as another number.
 */
import { describe, expect, it } from "vitest";
import { randText } from "../../shared/format";
import { parsePayoutAmount, parseRandCents } from "../../shared/payments";
import { developerProfileSchema, milestoneChangeSchema, proposalSchema } from "../../shared/schemas";
import { proposalBody } from "../support/factories";

const priceOf = (price: unknown) => {
  const r = proposalSchema.safeParse(proposalBody(18000, { price }));
  return r.success ? r.data.price : r.error.issues[0]?.message;
};

describe("rand typed in a form", () => {
  it("reads an R, spaces of any kind and thousands commas as the amount meant", () => {
    const meant: Array<[string, string]> = [
      ["R 1 500", "1500"],
      ["R1500", "1500"],
      ["r1500", "1500"],
      ["1 500,00", "1500.00"],
      ["1500,00", "1500.00"],
      ["1,500", "1500"],
      ["1,500.50", "1500.50"],
      ["R1500.50", "1500.50"],
      ["1\u00a0500", "1500"],
      ["R\u202f12\u202f345\u202f678,90", "12345678.90"],
      ["  18000  ", "18000"],
      ["18\u200b000", "18000"],
      ["-500", "-500"],
    ];
    for (const [typed, text] of meant) expect(randText(typed), JSON.stringify(typed)).toBe(text);
  });

  it("is no amount when the grouping or separators are not money", () => {
    for (const typed of ["1e3", "0x1f4", "1 5", "1,5000", "1,500,50", "R", "R-", "15 00", "one", "1 500.505"]) {
      expect(randText(typed), JSON.stringify(typed)).toBeNull();
    }
  });

  it("takes a proposal price and milestone amounts as meant, and refuses the rest with the field's message", () => {
    expect(priceOf("R 1 500")).toBe(1500);
    // A number field sent "1 500,00" as 150000: a hundred times the price.
    expect(priceOf("1 500,00")).toBe(1500);
    expect(priceOf("1,500")).toBe(1500);
    expect(priceOf("R18\u00a0000")).toBe(18000);
    expect(priceOf("R1500.50")).toBe("Price must be a whole number of rand");
    expect(priceOf("1500,50")).toBe("Price must be a whole number of rand");
    expect(priceOf("R 1 5")).toBe("Price must be a number");
    expect(priceOf("1e3")).toBe("Price must be a number");
    const withMilestones = proposalSchema.safeParse(
      proposalBody(18000, {
        price: "R18 000",
        milestones: [
          { title: "Design", amount: "R 6 000" },
          { title: "Build", amount: "12 000,00" },
        ],
      }),
    );
    expect(withMilestones.success && withMilestones.data.milestones.map((m) => m.amount)).toEqual([6000, 12000]);
    const change = milestoneChangeSchema.safeParse({ title: "Extra screens", amount: "R2 500" });
    expect(change.success && change.data.amount).toBe(2500);
  });

  it("asks for an amount left empty instead of reading it as R0 and refusing it as under the minimum", () => {
    for (const price of ["", "  ", undefined, null]) expect(priceOf(price), JSON.stringify(price)).toBe("Please enter your price");
    const milestone = proposalSchema.safeParse(proposalBody(18000, { milestones: [{ title: "Design", amount: "" }] }));
    expect(milestone.error?.issues.find((i) => i.path.join(".") === "milestones.0.amount")?.message).toBe("Please enter the amount");
    expect(milestoneChangeSchema.safeParse({ title: "Extra screens", amount: " " }).error?.issues[0]?.message).toBe("Please enter the amount");
    expect(parsePayoutAmount("")).toEqual({ ok: false, message: "Please enter the amount to withdraw" });
    // An hourly rate left empty stays "Rate on request".
    expect(developerProfileSchema.safeParse({ hourlyRate: " " }).data?.hourlyRate).toBeNull();
  });

  it("takes an hourly rate as meant: '50,00' is R50 an hour, not R5 000", () => {
    const rate = (hourlyRate: unknown) => {
      const r = developerProfileSchema.safeParse({ hourlyRate });
      return r.success ? r.data.hourlyRate : r.error.issues[0]?.message;
    };
    expect(rate("50,00")).toBe(50);
    expect(rate("R 450")).toBe(450);
    expect(rate("R1 200")).toBe(1200);
    expect(rate("450,50")).toBe("Hourly rate must be whole rand");
    expect(rate("")).toBeNull();
  });

  it("takes a withdrawal and a dispute's split to the cent as typed", () => {
    expect(parsePayoutAmount("R1 500,50")).toEqual({ ok: true, cents: 150050 });
    expect(parsePayoutAmount("R1500")).toEqual({ ok: true, cents: 150000 });
    expect(parsePayoutAmount("1,500")).toEqual({ ok: true, cents: 150000 });
    expect(parsePayoutAmount("1,500.50")).toEqual({ ok: true, cents: 150050 });
    expect(parsePayoutAmount("R\u00a0250")).toEqual({ ok: true, cents: 25000 });
    expect(parsePayoutAmount("1500.505")).toEqual({ ok: false, message: "Enter an amount in rand, e.g. 1500" });
    expect(parsePayoutAmount("-500")).toEqual({ ok: false, message: "Enter an amount in rand, e.g. 1500" });
    expect(parsePayoutAmount("R 50")).toEqual({ ok: false, message: "The smallest payout is R100" });
    expect(parseRandCents("R2 500,50")).toBe(250050);
    expect(parseRandCents(2500)).toBe(250000);
    expect(parseRandCents("2500.5.5")).toBeNull();
  });
});
