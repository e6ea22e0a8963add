/**
 * Demo conversations (docs/product.md, Messages and notifications): clients and developers talking about proposals, hires, and a few
 * things without a project, written straight into the tables in the shape sendMessage and
 * markConversationRead leave them: the pair in byte order (user_a_id < user_b_id), messages
 * numbered 1..n, last_seq = n, the conversation's last message fields, one participant row per
 * side whose unread_count is the other side's messages after its last_read_seq, and an unread
 * `new_message` notification for every unread side (a read one for the other sides).
 * The demo client and the demo developer each get unread conversations, so their badges and inbox
 * show something on first sign-in. The count stays small whatever the number of projects.
 */
import { UNREAD_EMAIL_DELAY_MS } from "../../shared/constants";
import type { conversationParticipants, conversations, messages, projects } from "../db/schema";
import { previewOf } from "../messages/service";
import { DIRECT_SCRIPTS, DIRECT_SKILLS, HIRED_SCRIPTS, PROPOSAL_SCRIPTS, type Script } from "./conversation-data";
import type { MarketDeveloper, NotificationInsert, ProposalInsert } from "./market";
import type { Random } from "./random";
import { fillTemplate } from "./text";

type ProjectInsert = typeof projects.$inferInsert;
export type ConversationInsert = typeof conversations.$inferInsert;
export type ParticipantInsert = typeof conversationParticipants.$inferInsert;
export type MessageInsert = typeof messages.$inferInsert;

export interface ConversationRows {
  conversations: ConversationInsert[];
  participants: ParticipantInsert[];
  messages: MessageInsert[];
  notifications: NotificationInsert[];
}

/** A client as the planner needs it; index 0 is the demo client. */
export interface ConversationClient {
  id: string;
  name: string;
  createdAt: number;
}

type Side = "c" | "d";

interface Thread {
  kind: "proposal" | "hired" | "direct";
  client: ConversationClient;
  developer: MarketDeveloper;
  project: { id: string; title: string } | null;
  /** The conversation happens within [from, to] (epoch ms). */
  from: number;
  to: number;
  /** Still going on (may end with unread messages); else over and read. */
  recent: boolean;
  /** Whose side is left with unread messages: a side, "any" (the last message's recipient, by chance) or none. */
  unread: Side | "any" | "none";
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Caps that keep the data set small with any number of projects. */
const DEMO_CLIENT_THREADS = 7;
const DEMO_CLIENT_THREADS_PER_PROJECT = 2;
const DEMO_DEVELOPER_THREADS = 5;
const OTHER_PROJECT_THREADS = 60;
const OTHER_DIRECT_THREADS = 10;
/** Conversations of each demo account that end unread for it. */
const DEMO_UNREAD = 3;
const TALKING = new Set(["pending", "shortlisted", "accepted"]);

/**
 * Collects candidate conversations while the projects are generated (observe, in project order)
 * and turns them into rows at the end (build). Uses only its own Random stream.
 */
export class ConversationPlanner {
  private readonly demoClient: Thread[] = [];
  private readonly demoDeveloper: Thread[] = [];
  private readonly others: Thread[] = [];
  private readonly keys = new Set<string>();
  private readonly clientById: Map<string, ConversationClient>;
  private readonly developerById: Map<string, MarketDeveloper>;

  constructor(
    private readonly rng: Random,
    private readonly clients: readonly ConversationClient[],
    private readonly developers: readonly MarketDeveloper[],
    private readonly now: number,
  ) {
    this.clientById = new Map(clients.map((c) => [c.id, c]));
    this.developerById = new Map(developers.map((d) => [d.id, d]));
  }

  /** Considers the proposals of one settled project as conversation topics. */
  observe(project: ProjectInsert, proposals: readonly ProposalInsert[]): void {
    const talking = proposals.filter((p) => TALKING.has(p.status!));
    if (!talking.length) return;
    const demoClient = this.clients[0]!;
    if (project.userId === demoClient.id) {
      for (const p of talking.slice(0, DEMO_CLIENT_THREADS_PER_PROJECT)) {
        if (this.demoClient.length < DEMO_CLIENT_THREADS) this.add(this.demoClient, project, p, demoClient);
      }
      return;
    }
    const client = this.clientById.get(project.userId!);
    if (!client) return;
    const demoDeveloperId = this.developers[0]!.id;
    const mine = talking.find((p) => p.developerId === demoDeveloperId);
    if (mine && this.demoDeveloper.length < DEMO_DEVELOPER_THREADS) this.add(this.demoDeveloper, project, mine, client);
    else if (this.others.length < OTHER_PROJECT_THREADS && this.rng.chance(0.3)) this.add(this.others, project, this.rng.pick(talking), client);
  }

  private add(list: Thread[], project: ProjectInsert, proposal: ProposalInsert, client: ConversationClient) {
    const developer = this.developerById.get(proposal.developerId!);
    if (!developer) return;
    const key = `${client.id}/${developer.id}/${project.id}`;
    if (this.keys.has(key)) return;
    const hired = proposal.status === "accepted";
    const from = hired ? proposal.acceptedAt!.getTime() + HOUR : proposal.createdAt!.getTime() + 30 * MINUTE;
    const recent = !hired || project.status === "in_progress";
    const to = recent ? this.now - 5 * MINUTE : project.completedAt!.getTime();
    if (to - from < 2 * HOUR) return;
    this.keys.add(key);
    list.push({ kind: hired ? "hired" : "proposal", client, developer, project: { id: project.id!, title: project.title! }, from, to, recent, unread: "any" });
  }

  /** A conversation without a project between client `c` and developer `d` (indexes), if new. */
  private direct(list: Thread[], c: number, d: number) {
    const client = this.clients[c];
    const developer = this.developers[d];
    if (!client || !developer) return;
    const key = `${client.id}/${developer.id}/`;
    if (this.keys.has(key)) return;
    const from = Math.max(client.createdAt, developer.createdAt, this.now - this.rng.int(5, 40) * DAY) + HOUR;
    const to = this.now - 5 * MINUTE;
    if (to - from < 2 * HOUR) return;
    this.keys.add(key);
    list.push({ kind: "direct", client, developer, project: null, from, to, recent: true, unread: "any" });
  }

  /** Every conversation with its participants, messages and notifications. */
  build(): ConversationRows {
    const rows: ConversationRows = { conversations: [], participants: [], messages: [], notifications: [] };
    const [nc, nd] = [this.clients.length, this.developers.length];
    // Without a project: the demo client asks two developers, two clients ask the demo developer, and a few others.
    this.direct(this.demoClient, 0, 1);
    this.direct(this.demoClient, 0, 2);
    this.direct(this.demoDeveloper, 1, 0);
    this.direct(this.demoDeveloper, 2, 0);
    for (let i = 0; i < OTHER_DIRECT_THREADS && nc > 1 && nd > 1; i++) this.direct(this.others, this.rng.int(1, nc - 1), this.rng.int(1, nd - 1));
    // The first recent conversations of each demo account end unread for it.
    for (const [list, side] of [
      [this.demoClient, "c"],
      [this.demoDeveloper, "d"],
    ] as const) {
      let left = DEMO_UNREAD;
      for (const t of list) {
        if (t.recent && left > 0) {
          t.unread = side;
          left--;
        }
      }
    }
    for (const t of [...this.demoClient, ...this.demoDeveloper, ...this.others]) {
      if (t.unread === "any") t.unread = t.recent && this.rng.chance(0.35) ? (this.rng.chance(0.5) ? "c" : "d") : "none";
      this.write(rows, t);
    }
    return rows;
  }

  /** A time in [from, to). */
  private between(from: number, to: number): number {
    return Math.floor(from + (to - from) * this.rng.next());
  }

  private write(rows: ConversationRows, t: Thread) {
    const rng = this.rng;
    const scripts: readonly Script[] = t.kind === "proposal" ? PROPOSAL_SCRIPTS : t.kind === "hired" ? HIRED_SCRIPTS : DIRECT_SCRIPTS;
    const script = rng.pick(scripts);
    let n = rng.int(Math.min(3, script.length), script.length);
    // Whoever is to have unread messages must not have sent the last one.
    if (t.unread === "c" || t.unread === "d") while (n > 1 && script[n - 1]![0] === t.unread) n--;
    const turns = script.slice(0, n);
    const words: Record<string, string> = {
      client: t.client.name.split(" ")[0]!,
      dev: t.developer.firstName,
      title: t.project?.title ?? "",
      city: t.developer.city ?? "Johannesburg",
      weeks: String(rng.int(4, 10)),
      skill: rng.pick(DIRECT_SKILLS),
    };
    const idOf = (side: Side) => (side === "c" ? t.client.id : t.developer.id);
    const nameOf = (side: Side) => (side === "c" ? t.client.name : t.developer.name);

    // Times: spread over the period, the last one recent for a conversation still going on.
    const span = t.to - t.from;
    const last = t.recent ? t.to - Math.min(span * 0.25, this.between(15 * MINUTE, 3 * DAY)) : t.to - Math.floor(span * 0.1 * rng.next());
    const fractions = turns
      .slice(0, -1)
      .map(() => rng.next() * 0.9)
      .sort((a, b) => a - b);
    const times: number[] = [];
    fractions.forEach((f, i) => times.push(Math.max(Math.floor(t.from + (last - t.from) * f), i ? times[i - 1]! + 30_000 : t.from)));
    times.push(last);

    const id = rng.uuid();
    const bodies = turns.map(([, text]) => fillTemplate(text, words));
    bodies.forEach((body, i) =>
      rows.messages.push({ id: rng.uuid(), conversationId: id, seq: i + 1, senderId: idOf(turns[i]![0]), body, createdAt: new Date(times[i]!) }),
    );
    const lastSide = turns[n - 1]![0];
    const [a, b] = t.client.id < t.developer.id ? [t.client.id, t.developer.id] : [t.developer.id, t.client.id];
    const lastAt = new Date(last);
    rows.conversations.push({
      id,
      userAId: a,
      userBId: b,
      projectId: t.project?.id ?? null,
      projectTitle: t.project?.title ?? null,
      lastSeq: n,
      lastMessageAt: lastAt,
      lastMessagePreview: previewOf(bodies[n - 1]!),
      lastSenderId: idOf(lastSide),
      createdAt: new Date(times[0]!),
    });

    const about = t.project ? ` about "${t.project.title}"` : "";
    for (const side of ["c", "d"] as const) {
      const other: Side = side === "c" ? "d" : "c";
      const ownSeqs = turns.map(([s], i) => (s === side ? i + 1 : 0)).filter(Boolean);
      const unread = t.unread === side && lastSide === other;
      const lastReadSeq = unread ? (ownSeqs.at(-1) ?? 0) : n;
      rows.participants.push({
        conversationId: id,
        userId: idOf(side),
        otherUserId: idOf(other),
        lastMessageAt: lastAt,
        lastReadSeq,
        unreadCount: n - lastReadSeq,
        // As if the unread-message email had gone out: the first start never emails demo addresses.
        emailedAt: unread ? new Date(Math.min(last + UNREAD_EMAIL_DELAY_MS, this.now)) : null,
        emailedSeq: unread ? n : 0,
      });
      // The notice of the newest message from the other side: unread while its messages are.
      const received = turns.map(([s], i) => (s === other ? i : -1)).filter((i) => i >= 0);
      const j = received.at(-1);
      if (j === undefined) continue;
      const replyAt = turns.findIndex(([s], i) => i > j && s === side);
      const readBy = Math.min(replyAt >= 0 ? times[replyAt]! : this.now, this.now);
      rows.notifications.push({
        id: rng.uuid(),
        userId: idOf(side),
        type: "new_message",
        message: `${nameOf(other)} sent you a message${about}: ${previewOf(bodies[j]!)}`,
        link: `/messages/${id}`,
        readAt: unread ? null : new Date(Math.min(times[j]! + this.between(2 * MINUTE, 3 * HOUR), readBy)),
        createdAt: new Date(times[j]!),
      });
    }
  }
}
