/**
 * Query-plan checks shared by the plan tests: record every query a test database is sent, then
 * EXPLAIN the reads a call made (with enable_seqscan = off, see db.ts) and name the tables they
 * scan whole.
 */
import { expect } from "vitest";
import type { TestDatabase } from "./db";

export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

/** Tables read by a Seq Scan anywhere in the plan. */
export function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) found.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/** The node types that read `table` anywhere in the plan ("Index Only Scan", "Index Scan", "Bitmap Heap Scan"...). */
export function tableReads(node: PlanNode, table: string, found: string[] = []): string[] {
  if (node["Relation Name"] === table) found.push(node["Node Type"]);
  for (const child of node.Plans ?? []) tableReads(child, table, found);
  return found;
}

/** Sort nodes anywhere in the plan. */
export function sorts(node: PlanNode): number {
  return (node["Node Type"] === "Sort" ? 1 : 0) + (node.Plans ?? []).reduce((n, child) => n + sorts(child), 0);
}

/** A query log to open a TestDatabase with (`logger`), and the checks that read it. */
export function createPlanRecorder() {
  const recorded: Array<{ sql: string; params: unknown[] }> = [];
  const reads = () => recorded.filter((q) => /^\s*(select|with)/i.test(q.sql));
  return {
    recorded,
    logger: { logQuery: (sql: string, params: unknown[]) => void recorded.push({ sql, params }) },
    /** Runs `call`, EXPLAINs every read it sent, returns the tables of `watched` scanned whole. */
    async scannedTables(database: TestDatabase, call: () => Promise<unknown>, watched: string[]): Promise<string[]> {
      recorded.length = 0;
      await call();
      const queries = reads();
      expect(queries.length).toBeGreaterThan(0);
      const scans: string[] = [];
      for (const q of queries) {
        const plan = (await database.explain(q.sql, q.params)) as Array<{ Plan: PlanNode }>;
        scans.push(...seqScans(plan[0]!.Plan).filter((t) => watched.includes(t)));
      }
      return scans;
    },
  };
}
