/**
 * npm run db:backup and db:restore, run as the npm scripts run them (tsx, configured by
 * DATABASE_URL / DATA_DIR): a seeded database is backed up, restored into a fresh empty one, and
 * every table's row count and checksum (md5 of its sorted rows) must be the same in the copy.
 * Also: the refusals (a non-empty target, the embedded database held by a running app) and --force.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { seedDemoData, type SeedOptions } from "../../server/seed/seed";
import { tableStats, type TableStats } from "../../scripts/backup/inventory";
import { createTestDatabase, DB_KINDS } from "../support/db";
import { TEMPLATE_DUMP, TMP_DIR, adminUrl } from "../support/paths";

const ROOT = path.resolve(TMP_DIR, "../..");
const SMALL: SeedOptions = { projects: 40, developers: 8, clients: 6, seed: 11 };
/** Text that a careless copy would change: quotes, backslashes, tabs, newlines, non-ASCII. */
const AWKWARD = "Sawubona! \"quoted\" 'single' back\\slash\ttab\nnew line - R1 500,00 - émigré 🇿🇦";

interface Run {
  code: number;
  out: string;
}

function withoutDatabaseSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = env;
  return rest;
}

/** Runs scripts/<script>.ts with tsx as `npm run db:<script>` does, with `env` on top of ours. */
function runScript(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      // Only what `env` says: never the DATABASE_URL or DATA_DIR of the shell running the tests.
      env: { ...withoutDatabaseSettings(process.env), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? -1, out }));
  });
}

/** Fills a migrated database with demo data and one message full of awkward characters. */
async function fill(database: Database): Promise<void> {
  await seedDemoData(database.db, SMALL);
  await database.query("update messages set body = $1 where id = (select id from messages order by id limit 1)", [AWKWARD]);
}

function totalRows(stats: TableStats[]): number {
  return stats.reduce((sum, t) => sum + t.rows, 0);
}

/** Expects the printed summary: a line per table and the totals, file size and seconds. */
function expectSummary(out: string, stats: TableStats[], verb: "Backed up" | "Restored"): void {
  for (const t of stats) expect(out).toMatch(new RegExp(`\\b${t.name}\\s+${t.rows.toLocaleString("en-US")}\\b`));
  expect(out).toMatch(new RegExp(`${verb} ${stats.length} tables, ${totalRows(stats).toLocaleString("en-US")} rows .*in \\d+\\.\\d s\\.`));
}

describe.each(DB_KINDS)("db:backup and db:restore round trip on %s", (kind) => {
  const work = path.join(TMP_DIR, `backup-${kind}-${randomBytes(4).toString("hex")}`);
  const file = path.join(work, kind === "pglite" ? "copy.tar.gz" : "copy.dump");
  const cleanups: (() => Promise<unknown>)[] = [];
  /** The environment that points the scripts at the seeded source database. */
  let sourceEnv: Record<string, string>;
  let source: TableStats[];

  /** Messages whose body is AWKWARD, character for character, in the database of `env`. */
  async function countAwkward(env: Record<string, string>): Promise<number> {
    const database =
      kind === "postgres"
        ? await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 1 })
        : await openDatabase({ dataDir: path.join(env.DATA_DIR!, "pglite") });
    try {
      return (await database.query("select id from messages where body = $1", [AWKWARD])).length;
    } finally {
      await database.close();
    }
  }
  /** An empty PostgreSQL database on the test server (dropped at the end): its URL. */
  async function emptyPostgres(): Promise<string> {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `buildza_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    });
    return adminUrl(url, name);
  }
  /** Table stats with checksums of the database the environment `env` points at. */
  async function statsOf(env: Record<string, string>): Promise<TableStats[]> {
    if (kind === "postgres") {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        return await tableStats(async (sql, params) => (await client.query(sql, params)).rows, { checksums: true });
      } finally {
        await client.end();
      }
    }
    const database = await openDatabase({ dataDir: path.join(env.DATA_DIR!, "pglite") });
    try {
      return await tableStats(database.query, { checksums: true });
    } finally {
      await database.close();
    }
  }
  /** A fresh empty target: an empty PostgreSQL database, or a DATA_DIR with no pglite folder yet. */
  async function emptyTarget(): Promise<Record<string, string>> {
    if (kind === "postgres") return { DATABASE_URL: await emptyPostgres() };
    const dir = path.join(work, `target-${randomBytes(3).toString("hex")}`);
    await fs.mkdir(dir, { recursive: true });
    return { DATA_DIR: dir };
  }
  /** A target that already holds a migrated, unseeded database. */
  async function nonEmptyTarget(): Promise<Record<string, string>> {
    if (kind === "postgres") {
      const url = await emptyPostgres();
      const migrated = await openDatabase({ databaseUrl: url, poolSize: 1 });
      await migrated.migrate();
      await migrated.close();
      return { DATABASE_URL: url };
    }
    const env = await emptyTarget();
    const database = await openDatabase({ dataDir: path.join(env.DATA_DIR!, "pglite"), loadDataDir: new Blob([await fs.readFile(TEMPLATE_DUMP)]) });
    await database.close();
    return env;
  }

  beforeAll(async () => {
    await fs.mkdir(work, { recursive: true });
    if (kind === "postgres") {
      const database = await createTestDatabase("postgres");
      cleanups.push(() => database.close());
      await fill(database);
      sourceEnv = { DATABASE_URL: database.url! };
    } else {
      const dataDir = path.join(work, "source");
      const database = await openDatabase({ dataDir: path.join(dataDir, "pglite"), loadDataDir: new Blob([await fs.readFile(TEMPLATE_DUMP)]) });
      await fill(database);
      await database.close();
      sourceEnv = { DATA_DIR: dataDir };
    }
    source = await statsOf(sourceEnv);
    const backup = await runScript("backup", ["--out", file], sourceEnv);
    expect(backup.code, backup.out).toBe(0);
    expectSummary(backup.out, source, "Backed up");
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await fs.rm(work, { recursive: true, force: true });
  });

  it("backs up every table: the source has data in the main tables, and the file is written", async () => {
    const byName = new Map(source.map((t) => [t.name, t.rows]));
    for (const table of ["users", "accounts", "projects", "proposals", "messages", "conversations", "developer_profiles", "reviews", "__drizzle_migrations"]) {
      expect(byName.get(table), table).toBeGreaterThan(0);
    }
    expect((await fs.stat(file)).size).toBeGreaterThan(0);
    await expect(fs.access(`${file}.partial`)).rejects.toThrow();
  });

  it("restores into a fresh empty database with the same rows in every table (counts and checksums)", async () => {
    const target = await emptyTarget();
    const restore = await runScript("restore", [file], target);
    expect(restore.code, restore.out).toBe(0);
    const copy = await statsOf(target);
    expect(copy).toEqual(source);
    expectSummary(restore.out, copy, "Restored");
    expect(await countAwkward(target)).toBe(1);
  }, 60_000);

  it("refuses a target that already holds a database and changes nothing; --force replaces it with the backup", async () => {
    const target = await nonEmptyTarget();
    const before = await statsOf(target);
    expect(totalRows(before)).toBeGreaterThan(0); // the migrations journal

    const refused = await runScript("restore", [file], target);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/--force/);
    expect(refused.out).toMatch(kind === "postgres" ? /is not empty/ : /already holds a database/);
    expect(await statsOf(target)).toEqual(before);

    const forced = await runScript("restore", ["--force", file], target);
    expect(forced.code, forced.out).toBe(0);
    expect(await statsOf(target)).toEqual(source);
    if (kind === "pglite") {
      // The database that was there is kept beside it, untouched.
      const aside = (await fs.readdir(target.DATA_DIR!)).filter((n) => n.startsWith("pglite.before-restore-"));
      expect(aside).toHaveLength(1);
      await fs.mkdir(path.join(work, "aside-view"), { recursive: true });
      await fs.rename(path.join(target.DATA_DIR!, aside[0]!), path.join(work, "aside-view", "pglite"));
      expect(await statsOf({ DATA_DIR: path.join(work, "aside-view") })).toEqual(before);
    }
  }, 90_000);

  it.runIf(kind === "postgres")(
    "backs up one snapshot while the app keeps writing: the copy holds exactly the rows the backup printed",
    async () => {
      const writer = new pg.Client({ connectionString: sourceEnv.DATABASE_URL });
      await writer.connect();
      let writing = true;
      let written = 0;
      const loop = (async () => {
        while (writing) {
          await writer.query("insert into verifications (id, identifier, value, expires_at) values ($1, 'load', 'x', now() + interval '1 hour')", [
            randomBytes(12).toString("hex"),
          ]);
          written++;
        }
      })();
      try {
        while (written < 20) await new Promise((r) => setTimeout(r, 10));
        const out = path.join(work, "during-writes.dump");
        const backup = await runScript("backup", ["--out", out], sourceEnv);
        expect(backup.code, backup.out).toBe(0);
        const before = written;
        while (written < before + 20) await new Promise((r) => setTimeout(r, 10));
        const printed = Number(/^\s+verifications\s+([\d,]+)$/m.exec(backup.out)![1]!.replace(/,/g, ""));

        const target = await emptyTarget();
        const restore = await runScript("restore", [out], target);
        expect(restore.code, restore.out).toBe(0);
        const copied = (await statsOf(target)).find((t) => t.name === "verifications")!.rows;
        expect(copied).toBe(printed);
        expect(printed).toBeGreaterThan(0);
        expect(printed).toBeLessThan(written); // the writes went on during and after the backup
      } finally {
        writing = false;
        await loop;
        await writer.end();
      }
    },
    90_000,
  );

  it("refuses a file of the other kind of database", async () => {
    const other = path.join(work, kind === "pglite" ? "other.dump" : "other.tar.gz");
    await fs.writeFile(other, kind === "pglite" ? "PGDMP\u0001\u000e" : Buffer.from([0x1f, 0x8b, 8, 0]));
    const target = await emptyTarget();
    const refused = await runScript("restore", [other], target);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(kind === "pglite" ? /is a PostgreSQL backup/ : /is an embedded-database \(PGlite\) backup/);
  }, 60_000);
});

describe("db:backup of the embedded database while another process has it open", () => {
  it("refuses, naming the process, and writes no file", async () => {
    const work = path.join(TMP_DIR, `backup-held-${randomBytes(4).toString("hex")}`);
    try {
      const folder = path.join(work, "pglite");
      const seeded = await openDatabase({ dataDir: folder, loadDataDir: new Blob([await fs.readFile(TEMPLATE_DUMP)]) });
      await seeded.close();
      // A second process opens the folder as the running app would, and holds it until told to stop.
      const holder = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `const { openDatabase } = await import("./server/db/client.ts");
           const d = await openDatabase({ dataDir: ${JSON.stringify(folder)} });
           console.log("open");
           process.stdin.on("data", async () => { await d.close(); process.exit(0); });`,
        ],
        { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] },
      );
      try {
        await new Promise<void>((resolve, reject) => {
          holder.stdout!.on("data", (d) => String(d).includes("open") && resolve());
          holder.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
        });
        const out = path.join(work, "held.tar.gz");
        const refused = await runScript("backup", ["--out", out], { DATA_DIR: work });
        expect(refused.code).toBe(1);
        expect(refused.out).toContain(`pid ${holder.pid}`);
        expect(refused.out).toMatch(/stop the app/);
        await expect(fs.access(out)).rejects.toThrow();
      } finally {
        if (holder.exitCode === null && holder.signalCode === null) {
          holder.stdin!.write("stop\n");
          await new Promise((resolve) => holder.once("exit", resolve));
        }
      }
      // Once the app is stopped, the same backup succeeds.
      const ok = await runScript("backup", ["--out", path.join(work, "after.tar.gz")], { DATA_DIR: work });
      expect(ok.code, ok.out).toBe(0);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }, 60_000);
});
