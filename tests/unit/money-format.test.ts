/**
 * How amounts read (docs/product.md, Look and feel "Money" and Payments "Money"): whole rand without
 * decimals on screen and in emails, cents only when there are some; two decimals on every amount of
 * an accounting document; plain decimal numbers in the CSV.
 */
import { describe, expect, it } from "vitest";
import { centsDecimal, formatCents, formatDocumentCents, formatRand, keepAmountsWhole } from "../../shared/format";
import { splitRelease } from "../../shared/payments";

/** en-ZA groups with a no-break space: compared as plain spaces, checked apart below. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatCents: on screen and in emails", () => {
  it("shows whole rand without decimals", () => {
    expect(plain(formatCents(1_200_000))).toBe("R12 000");
    expect(plain(formatCents(600_000))).toBe("R6 000");
    expect(formatCents(50_000)).toBe("R500");
    expect(formatCents(100)).toBe("R1");
  });
  it("shows cents, after a decimal comma, only when there are some: nothing is rounded away", () => {
    expect(plain(formatCents(123_450))).toBe("R1 234,50");
    expect(plain(formatCents(114_145))).toBe("R1 141,45");
    expect(formatCents(6_750)).toBe("R67,50");
    expect(formatCents(1)).toBe("R0,01");
    expect(formatCents(99)).toBe("R0,99");
    expect(formatCents(105)).toBe("R1,05");
  });
  it("reads zero as R0 and puts the sign before the R", () => {
    expect(formatCents(0)).toBe("R0");
    expect(formatCents(-0)).toBe("R0");
    expect(formatCents(-50_000)).toBe("-R500");
    expect(plain(formatCents(-123_450))).toBe("-R1 234,50");
    expect(formatCents(-1)).toBe("-R0,01");
  });
  it("groups large amounts in threes with a no-break space, exact to the cent", () => {
    expect(formatCents(1_234_567_800)).toBe("R12\u00a0345\u00a0678");
    expect(plain(formatCents(123_456_789_012))).toBe("R1 234 567 890,12");
    // Past 2^46 cents, cents / 100 as a float lands on the wrong rand; the formatter does not.
    expect(plain(formatCents(9_007_199_254_740_899))).toBe("R90 071 992 547 408,99");
    expect(plain(formatCents(Number.MAX_SAFE_INTEGER))).toBe("R90 071 992 547 409,91");
  });
  it("the proposal form's fee line: what the developer receives of R48 000 at 7.5%", () => {
    const { developer } = splitRelease(4_800_000, { feeBps: 750, vatBps: 0 });
    expect(plain(formatCents(developer))).toBe("R44 400");
    const withVat = splitRelease(123_400, { feeBps: 750, vatBps: 1500, vatNumber: "4123456789" });
    expect(plain(formatCents(withVat.developer))).toBe("R1 127,57");
  });
});

describe("formatRand: whole-rand amounts by the same rule", () => {
  it("reads prices, budgets and rates like formatCents", () => {
    expect(plain(formatRand(15_000))).toBe("R15 000");
    expect(formatRand(0)).toBe("R0");
    expect(formatRand(-500)).toBe("-R500");
    expect(plain(formatRand(1_500.5))).toBe("R1 500,50");
  });
});

describe("formatDocumentCents: receipts, invoices, the statement and its memos", () => {
  it("shows two decimals on every amount", () => {
    expect(plain(formatDocumentCents(1_200_000))).toBe("R12 000,00");
    expect(plain(formatDocumentCents(123_450))).toBe("R1 234,50");
    expect(formatDocumentCents(0)).toBe("R0,00");
    expect(formatDocumentCents(-20_000)).toBe("-R200,00");
    expect(formatDocumentCents(-5)).toBe("-R0,05");
    expect(plain(formatDocumentCents(123_456_789_000))).toBe("R1 234 567 890,00");
  });
  it("keeps en-ZA's no-break space, or plain spaces for the ledger and the PDF", () => {
    expect(formatDocumentCents(400_000)).toBe("R4\u00a0000,00");
    expect(formatDocumentCents(400_000, { plainSpaces: true })).toBe("R4 000,00");
    expect(formatDocumentCents(123_456_789_012, { plainSpaces: true })).toBe("R1 234 567 890,12");
  });
});

describe("centsDecimal: CSV amounts", () => {
  it("writes rand with a decimal point and two decimals, no grouping, no R", () => {
    expect(centsDecimal(1_200_000)).toBe("12000.00");
    expect(centsDecimal(548_250)).toBe("5482.50");
    expect(centsDecimal(0)).toBe("0.00");
    expect(centsDecimal(-55_050)).toBe("-550.50");
    expect(centsDecimal(-7)).toBe("-0.07");
    expect(centsDecimal(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
  });
});

describe("keepAmountsWhole", () => {
  it("joins the groups of each amount in a memo with no-break spaces and leaves the words' spaces alone", () => {
    const memo = `Released: Testing (gross ${formatDocumentCents(1_530_000, { plainSpaces: true })}, fee -R1 147,50) R500,00 of 2 026`;
    expect(memo).toContain("R15 300,00");
    expect(keepAmountsWhole(memo)).toBe("Released: Testing (gross R15\u00a0300,00, fee -R1\u00a0147,50) R500,00 of 2 026");
  });
});
