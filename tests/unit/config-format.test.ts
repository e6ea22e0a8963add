import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import {
  budgetRangeLabel,
  formatBudget,
  formatDeadline,
  formatRand,
  formatRelative,
  monthLabel,
  once,
  recentMonths,
  scheduleFacts,
  timelineLabel,
} from "../../shared/format";

const SECRET = "0123456789abcdef0123456789abcdef";

/** The ConfigError message `load` throws (fails the test when it does not throw one). */
function configErrorOf(load: () => unknown): string {
  try {
    load();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("defaults to port 3000, ./data, demo data on the embedded database", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, demoData: true, appUrl: "http://localhost:3000", databaseUrl: undefined });
    expect(c.dataDir.endsWith("/data")).toBe(true);
  });
  it("turns demo data off by default on PostgreSQL and when asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db", AUTH_SECRET: SECRET }).demoData).toBe(false);
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

describe("configuration for several instances on PostgreSQL (docs/operations.md)", () => {
  it("refuses DATABASE_URL without AUTH_SECRET, naming AUTH_SECRET", () => {
    for (const secret of [undefined, ""]) {
      const message = configErrorOf(() => loadConfig({ DATABASE_URL: "postgres://u@h/db", AUTH_SECRET: secret }));
      expect(message).toContain("AUTH_SECRET: AUTH_SECRET is required when DATABASE_URL is set");
    }
    // Reported with the other problems, not instead of them.
    const both = configErrorOf(() => loadConfig({ DATABASE_URL: "postgres://u@h/db", PORT: "eighty" }));
    expect(both).toContain("PORT must be a number");
    expect(both).toContain("AUTH_SECRET is required when DATABASE_URL is set");
  });
  it("starts with DATABASE_URL and AUTH_SECRET, and without DATABASE_URL with no secret (one embedded instance)", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db", AUTH_SECRET: SECRET })).toMatchObject({ databaseUrl: "postgres://u@h/db", authSecret: SECRET });
    expect(loadConfig({}).authSecret).toBeUndefined();
  });
  it("lets database-only scripts (migrate, seed) run without AUTH_SECRET", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }, { requireAuthSecret: false }).databaseUrl).toBe("postgres://u@h/db");
  });
  it("reads database timeouts and stream limits, with defaults", () => {
    expect(loadConfig({})).toMatchObject({ databaseTimeouts: { connectMs: 5000, statementMs: 10_000 }, sseLimits: { perInstance: 2000, perUser: 8 } });
    const c = loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: "1500", DATABASE_STATEMENT_TIMEOUT_MS: "3000", SSE_MAX_STREAMS: "50", SSE_MAX_STREAMS_PER_USER: "2" });
    expect(c).toMatchObject({ databaseTimeouts: { connectMs: 1500, statementMs: 3000 }, sseLimits: { perInstance: 50, perUser: 2 } });
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: "", SSE_MAX_STREAMS: " " })).toMatchObject({
      databaseTimeouts: { connectMs: 5000 },
      sseLimits: { perInstance: 2000 },
    });
    const message = configErrorOf(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: "soon", SSE_MAX_STREAMS: "0" }));
    expect(message).toContain("DATABASE_CONNECT_TIMEOUT_MS must be a number of milliseconds");
    expect(message).toContain("SSE_MAX_STREAMS must be between 1 and 1000000");
  });
  it("sends named prepared statements unless DATABASE_PREPARED_STATEMENTS=off (decision 0047)", () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "" }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "off" }).databasePreparedStatements).toBe(false);
    expect(configErrorOf(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: "no" }))).toContain("DATABASE_PREPARED_STATEMENTS must be on or off");
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
  });
  it("shows a project's timeline, and its deadline only when set, on the page; a card's deadline reads \"Flexible timeline\" without one", () => {
    const deadline = "2026-03-12T00:00:00+02:00";
    expect(scheduleFacts({ timeline: "2-4", deadline: null })).toEqual([{ term: "Timeline", value: "2-4 weeks" }]);
    expect(scheduleFacts({ timeline: "2-4", deadline })).toEqual([
      { term: "Timeline", value: "2-4 weeks" },
      { term: "Deadline", value: "12 Mar 2026" },
    ]);
    expect(scheduleFacts({ timeline: null, deadline: null })).toEqual([{ term: "Timeline", value: "Flexible timeline" }]);
    expect(formatDeadline(deadline)).toBe("12 Mar 2026");
    expect(formatDeadline(null)).toBe("Flexible timeline");
  });
  it("is relative for recent times and absolute after 30 days", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(formatRelative(new Date("2026-11-21T09:00:00Z"), now)).toBe("3 hours ago");
    expect(formatRelative(new Date("2026-11-20T12:00:00Z"), now)).toBe("yesterday");
    expect(formatRelative(new Date("2026-03-12T10:00:00Z"), now)).toBe("12 Mar 2026");
  });
  it("builds a formatter on first use, not at module load, and keeps it (once)", () => {
    let built = 0;
    const formatter = once(() => ({ id: ++built }));
    expect(built).toBe(0);
    const first = formatter();
    expect(formatter()).toBe(first);
    expect(built).toBe(1);
  });
});

describe("recentMonths", () => {
  it("counts back 12 South African months, across the year's end", () => {
    // 31 Dec 2026 23:30 UTC is already 1 Jan 2027 in Johannesburg (UTC+2).
    const months = recentMonths(new Date("2026-12-31T23:30:00Z"));
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(["2027-01", "2026-12", "2026-11"]);
    expect(months.at(-1)).toBe("2026-02");
    expect(months.slice(0, 2).map(monthLabel)).toEqual(["January 2027", "December 2026"]);
  });
});
