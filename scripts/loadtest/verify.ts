/**
 * The lost-write check: after the traffic stops, every write the app acknowledged (a project
 * created, a proposal sent, a message sent) must be readable. With a PostgreSQL URL the rows are
 * looked up directly; otherwise through the API, by the account that wrote them, on another
 * instance than the one that acknowledged the write when there are several (so a write one
 * instance confirmed is seen by the others too).
 */
import pg from "pg";
import { send } from "./http";
import type { Write, WriteKind } from "./traffic";

export interface KindCheck {
  acknowledged: number;
  found: number;
  /** Ids acknowledged but not found. */
  missing: string[];
  /** Ids that could not be checked (the check's own request failed twice). */
  unchecked: string[];
}

export type WriteCheck = Record<WriteKind, KindCheck>;

const TABLES: Record<WriteKind, string> = { project: "projects", proposal: "proposals", message: "messages" };
const KINDS: WriteKind[] = ["project", "proposal", "message"];

function empty(writes: Write[], kind: WriteKind): KindCheck {
  return { acknowledged: writes.filter((w) => w.kind === kind).length, found: 0, missing: [], unchecked: [] };
}

/** Looks every acknowledged write up in the database at `databaseUrl`. */
export async function verifyInDatabase(writes: Write[], databaseUrl: string): Promise<WriteCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const out = {} as WriteCheck;
    for (const kind of KINDS) {
      const check = empty(writes, kind);
      const ids = writes.filter((w) => w.kind === kind).map((w) => w.id);
      const { rows } = await client.query<{ id: string }>(`select id::text as id from ${TABLES[kind]} where id::text = any($1::text[])`, [ids]);
      const found = new Set(rows.map((r) => r.id));
      check.found = ids.filter((id) => found.has(id)).length;
      check.missing = ids.filter((id) => !found.has(id));
      out[kind] = check;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** Reads every acknowledged write back through the API of the instances at `urls`. */
export async function verifyThroughApi(writes: Write[], urls: string[], timeoutMs: number): Promise<WriteCheck> {
  const out = Object.fromEntries(KINDS.map((k) => [k, empty(writes, k)])) as WriteCheck;
  const elsewhere = (w: Write) => urls[(w.instance + 1) % urls.length]!;

  /** 200: found; 404 (or 403 for a proposal that is not ours any more): missing; anything else: ask once more, then unchecked. */
  const readOne = async (w: Write, path: string, expectId: (json: unknown) => string | undefined) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await send(`${elsewhere(w)}${path}`, { jar: w.account.jar, timeoutMs });
      if (answer.status === 200 && expectId(answer.json) === w.id) return "found";
      if (answer.status === 404 || answer.status === 200) return "missing";
    }
    return "unchecked";
  };
  const tally = (kind: WriteKind, id: string, result: "found" | "missing" | "unchecked") => {
    if (result === "found") out[kind].found++;
    else if (result === "missing") out[kind].missing.push(id);
    else out[kind].unchecked.push(id);
  };

  const singles = writes.filter((w) => w.kind !== "message");
  await pool(singles, 8, async (w) => {
    const result =
      w.kind === "project"
        ? await readOne(w, `/api/v1/projects/${w.id}`, (j) => (j as { project?: { id?: string } })?.project?.id)
        : await readOne(w, `/api/v1/proposals/${w.id}`, (j) => (j as { proposal?: { id?: string } })?.proposal?.id);
    tally(w.kind, w.id, result);
  });

  // Messages: read each conversation once, from the start, as one of the accounts that wrote to it.
  const byConversation = new Map<string, Write[]>();
  for (const w of writes) if (w.kind === "message") byConversation.set(w.conversationId ?? "", [...(byConversation.get(w.conversationId ?? "") ?? []), w]);
  await pool([...byConversation], 4, async ([conversationId, list]) => {
    const reader = list[0]!;
    const seen = new Set<string>();
    let after = 0;
    let failed = false;
    for (;;) {
      const answer = await send(`${elsewhere(reader)}/api/v1/conversations/${conversationId}/messages?after=${after}&limit=50`, {
        jar: reader.account.jar,
        timeoutMs,
      });
      if (answer.status !== 200) {
        failed = answer.status !== 404 && answer.status !== 403;
        break;
      }
      const messages = (answer.json as { messages?: { id: string; seq: number }[] }).messages ?? [];
      for (const m of messages) seen.add(m.id);
      if (messages.length < 50) break;
      after = messages.at(-1)!.seq;
    }
    for (const w of list) tally("message", w.id, seen.has(w.id) ? "found" : failed ? "unchecked" : "missing");
  });
  return out;
}
