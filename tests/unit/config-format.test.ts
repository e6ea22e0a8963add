import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { budgetRangeLabel, formatBudget, formatDeadline, formatRand, formatRelative, timelineLabel } from "../../shared/format";

describe("configuration", () => {
  it("defaults to port 3000, ./data, demo data on the embedded database", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, demoData: true, appUrl: "http://localhost:3000", databaseUrl: undefined });
    expect(c.dataDir.endsWith("/data")).toBe(true);
  });
  it("turns demo data off by default on PostgreSQL and when asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: "off" }).demoData).toBe(false);
  });
  it("names each bad variable in a clear message", () => {
    const bad = () => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", DEMO_DATA: "yes", SMTP_URL: "http://mail", APP_URL: "localhost:3000/x" });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (e) {
      const message = (e as Error).message;
      for (const line of [
        "PORT: PORT must be a number",
        "DATABASE_URL must be a postgres://",
        "DEMO_DATA must be on or off",
        "SMTP_URL must be an smtp://",
        "APP_URL must be an origin",
      ]) {
        expect(message).toContain(line);
      }
    }
  });
});

describe("money and dates (docs/product.md, Look and feel)", () => {
  it("formats rand with en-ZA grouping and no space after R", () => {
    expect(formatRand(15000).replace(/\s/g, " ")).toBe("R15 000");
    expect(formatBudget(15000, 35000).replace(/\s/g, " ")).toBe("R15 000 - R35 000");
    expect(formatBudget(75000, null).replace(/\s/g, " ")).toBe("R75 000+");
    expect(formatBudget(null, null)).toBe("Budget negotiable");
    expect(budgetRangeLabel("R10000-R50000")).toBe("Budget negotiable");
  });
  it("labels timelines and deadlines with the spec's fallbacks", () => {
    expect(timelineLabel("4-8")).toBe("1-2 months");
    expect(timelineLabel(undefined)).toBe("Flexible timeline");
    expect(formatDeadline(null)).toBe("Flexible timeline");
    expect(formatDeadline("2026-03-12T00:00:00+02:00")).toBe("12 Mar 2026");
  });
  it("is relative for recent times and absolute after 30 days", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(formatRelative(new Date("2026-11-21T09:00:00Z"), now)).toBe("3 hours ago");
    expect(formatRelative(new Date("2026-11-20T12:00:00Z"), now)).toBe("yesterday");
    expect(formatRelative(new Date("2026-03-12T10:00:00Z"), now)).toBe("12 Mar 2026");
  });
});
