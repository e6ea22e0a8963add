/**
 * Moderation (docs/product.md, Trust and safety): reports of a project, a profile or a message
 * with a snapshot of the content as it was, the queue of open reports for moderators, their
 * actions (dismiss, hide project, remove message, warn, suspend, restore), the audit log, and the
 * reporter's notice. Only moderators (server/auth/roles.ts) read the queue or act; every action
 * and its effects are one transaction.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { ALREADY_REPORTED, MODERATOR_NOT_SUSPENDABLE, NOTHING_TO_RESTORE, REMOVED_MESSAGE_TEXT, REPORT_HANDLED_NOTICE } from "../../shared/moderation";
import { moderationActionSchema, projectReportSchema, userReportSchema } from "../../shared/schemas";
import { requireModerator } from "../auth/roles";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import {
  conversationParticipants,
  conversations,
  developerProfiles,
  messages,
  moderationLog,
  projectReports,
  projects,
  reports,
  sessions,
  users,
  type ModerationAction,
  type ReportKind,
  type ReportSnapshot,
  type ReportStatus,
} from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";
import { USER_ID, UUID } from "../lib/ids";
import { addNotification } from "../notifications/service";
import { parseInput } from "../validation";
import { signalsFor, type Signal } from "./signals";

/** How many open reports the queue shows at once (oldest first). */
export const QUEUE_LIMIT = 50;

/** Inserts a report; a second report of the same target by the same reporter is a ConflictError. */
async function insertReport(
  tx: Tx | Db,
  values: {
    kind: ReportKind;
    targetId: string;
    targetUserId: string;
    projectId?: string;
    messageId?: string;
    reporterId: string;
    reason: string;
    details: string;
    snapshot: ReportSnapshot;
  },
  already: string,
): Promise<string> {
  const [row] = await tx.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
  if (!row) throw new ConflictError(already);
  return row.id;
}

/**
 * Throws ConflictError ALREADY_REPORTED[kind] when `reporterId` has reported the target already:
 * its report in the queue, or for a project the reporter's own record (project_reports), which
 * sending the report would meet first. Writes nothing.
 */
async function refuseSecondReport(db: Db | Tx, reporterId: string, kind: ReportKind, targetId: string): Promise<void> {
  const [queued] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.kind, kind), eq(reports.targetId, targetId)))
    .limit(1);
  const [recorded] =
    queued || kind !== "project"
      ? []
      : await db
          .select({ id: projectReports.id })
          .from(projectReports)
          .where(and(eq(projectReports.projectId, targetId), eq(projectReports.userId, reporterId)))
          .limit(1);
  if (queued || recorded) throw new ConflictError(ALREADY_REPORTED[kind]);
}

/**
 * The project `projectId` as `reporter` may report it (the checks of reportProjectForModeration,
 * also run by the report page's loader before it shows the form): its owner, title and
 * description. Writes nothing. Throws NotFoundError "Project not found" (no such project, or
 * hidden by a moderator), ForbiddenError "You cannot report your own project" and ConflictError
 * ALREADY_REPORTED.project (reported by them already).
 */
export async function reportableProject(
  db: Db | Tx,
  reporter: { id: string },
  projectId: string,
): Promise<{ id: string; userId: string; title: string; description: string }> {
  if (!UUID.test(projectId)) throw new NotFoundError("Project not found");
  const [project] = await db
    .select({ id: projects.id, userId: projects.userId, title: projects.title, description: projects.description, hiddenAt: projects.hiddenAt })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project || project.hiddenAt) throw new NotFoundError("Project not found");
  if (project.userId === reporter.id) throw new ForbiddenError("You cannot report your own project");
  await refuseSecondReport(db, reporter.id, "project", project.id);
  return { id: project.id, userId: project.userId, title: project.title, description: project.description };
}

/**
 * Reports project `projectId` (the flag button): one per user and project, never the owner's own.
 * Writes the reporter's record (project_reports, part of their data export) and the queue entry
 * with a snapshot of the title and description, in one transaction. Throws UnauthorizedError,
 * NotFoundError, ForbiddenError, ValidationError, ConflictError (already reported).
 */
export async function reportProjectForModeration(db: Db, user: SessionUser | null, projectId: string, input: unknown): Promise<void> {
  const reporter = requireUser(user);
  const project = await reportableProject(db, reporter, projectId);
  const data = parseInput(projectReportSchema, input);
  await db.transaction(async (tx) => {
    const reason = data.details ? `${data.reason}: ${data.details}` : data.reason;
    const inserted = await tx
      .insert(projectReports)
      .values({ projectId, userId: reporter.id, reason })
      .onConflictDoNothing()
      .returning({ id: projectReports.id });
    // Sent twice at once: both passed reportableProject, the second insert meets the first.
    if (!inserted.length) throw new ConflictError(ALREADY_REPORTED.project);
    await insertReport(
      tx,
      {
        kind: "project",
        targetId: projectId,
        targetUserId: project.userId,
        projectId,
        reporterId: reporter.id,
        reason: data.reason,
        details: data.details,
        snapshot: { title: project.title, text: project.description, link: `/projects/${projectId}` },
      },
      ALREADY_REPORTED.project,
    );
  });
}

/**
 * The profile of user `targetUserId` as `reporter` may report it (the checks of reportProfile,
 * also run by the report page's loader before it shows the form): name, kind of user, and a
 * developer's title and bio. Writes nothing. Throws NotFoundError "User not found" (no such user,
 * or deactivated), ForbiddenError "You cannot report yourself" and ConflictError
 * ALREADY_REPORTED.profile (reported by them already).
 */
export async function reportableProfile(db: Db | Tx, reporter: { id: string }, targetUserId: string) {
  if (!USER_ID.test(targetUserId)) throw new NotFoundError("User not found");
  const [target] = await db
    .select({ id: users.id, name: users.name, userType: users.userType, isActive: users.isActive, title: developerProfiles.title, bio: developerProfiles.bio })
    .from(users)
    .leftJoin(developerProfiles, eq(developerProfiles.userId, users.id))
    .where(eq(users.id, targetUserId));
  if (!target || !target.isActive) throw new NotFoundError("User not found");
  if (target.id === reporter.id) throw new ForbiddenError("You cannot report yourself");
  await refuseSecondReport(db, reporter.id, "profile", target.id);
  return target;
}

/**
 * Reports the profile of user `targetUserId` (a developer's or a client's), with a snapshot of
 * the name, title and bio. Throws UnauthorizedError, NotFoundError "User not found",
 * ForbiddenError (yourself), ValidationError, ConflictError (already reported).
 */
export async function reportProfile(db: Db, user: SessionUser | null, targetUserId: string, input: unknown): Promise<void> {
  const reporter = requireUser(user);
  const target = await reportableProfile(db, reporter, targetUserId);
  const data = parseInput(userReportSchema, input);
  const link = target.userType === "developer" ? `/developers/${target.id}` : `/clients/${target.id}`;
  await insertReport(
    db,
    {
      kind: "profile",
      targetId: target.id,
      targetUserId: target.id,
      reporterId: reporter.id,
      reason: data.reason,
      details: data.details,
      snapshot: { title: target.name, text: [target.title, target.bio].filter(Boolean).join("\n\n"), link },
    },
    ALREADY_REPORTED.profile,
  );
}

/**
 * Message `messageId` as `reporter` may report it (the checks of reportMessage, also run by the
 * report page's loader before it shows the form): its conversation, sender, text and the sender's
 * name. Writes nothing. Throws NotFoundError "Message not found", ForbiddenError "You can only
 * report messages of your own conversations" or "You cannot report your own message", and
 * ConflictError ALREADY_REPORTED.message (reported by them already).
 */
export async function reportableMessage(db: Db | Tx, reporter: { id: string }, messageId: string) {
  if (!UUID.test(messageId)) throw new NotFoundError("Message not found");
  const [message] = await db
    .select({ id: messages.id, conversationId: messages.conversationId, senderId: messages.senderId, body: messages.body, senderName: users.name })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId));
  if (!message) throw new NotFoundError("Message not found");
  const [participant] = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, message.conversationId), eq(conversationParticipants.userId, reporter.id)));
  if (!participant) throw new ForbiddenError("You can only report messages of your own conversations");
  if (message.senderId === reporter.id) throw new ForbiddenError("You cannot report your own message");
  await refuseSecondReport(db, reporter.id, "message", message.id);
  return message;
}

/**
 * The report checks by kind of target (reportableProject, reportableProfile, reportableMessage):
 * what the report page's loader and GET .../reportable run before a form is shown. Each writes
 * nothing and throws as sending the report would (NotFoundError, ForbiddenError, ConflictError
 * ALREADY_REPORTED).
 */
export const REPORTABLE: Record<ReportKind, (db: Db | Tx, reporter: { id: string }, targetId: string) => Promise<unknown>> = {
  project: reportableProject,
  profile: reportableProfile,
  message: reportableMessage,
};

/**
 * Reports message `messageId` from its thread: only the other participant of the conversation may
 * report it (not its sender). The snapshot keeps the text as sent. Throws UnauthorizedError,
 * NotFoundError "Message not found", ForbiddenError, ValidationError, ConflictError.
 */
export async function reportMessage(db: Db, user: SessionUser | null, messageId: string, input: unknown): Promise<void> {
  const reporter = requireUser(user);
  const message = await reportableMessage(db, reporter, messageId);
  const data = parseInput(userReportSchema, input);
  await insertReport(
    db,
    {
      kind: "message",
      targetId: message.id,
      targetUserId: message.senderId,
      messageId: message.id,
      reporterId: reporter.id,
      reason: data.reason,
      details: data.details,
      snapshot: { title: message.senderName, text: message.body, link: `/messages/${message.conversationId}` },
    },
    ALREADY_REPORTED.message,
  );
}

/** A report as the moderation queue shows it. Dates are ISO strings. */
export interface QueueReport {
  id: string;
  kind: ReportKind;
  status: ReportStatus;
  targetId: string;
  reason: string;
  details: string;
  snapshot: ReportSnapshot;
  createdAt: string;
  reporter: { id: string; name: string };
  /**
   * Whose content it is, and where it stands now. `moderator`: the account is a moderator's, which
   * the queue cannot suspend (MODERATOR_NOT_SUSPENDABLE).
   */
  target: { id: string; name: string; moderator: boolean; suspended: boolean; projectHidden: boolean | null; messageRemoved: boolean | null };
  /** Automatic signals about the account (server/moderation/signals.ts). */
  signals: Signal[];
}

/**
 * The open reports, oldest first (at most QUEUE_LIMIT), each with the snapshot, the reporter, the
 * target's current state and the automatic signals. Moderators only: throws UnauthorizedError,
 * ForbiddenError.
 */
export async function listOpenReports(db: Db, user: SessionUser | null): Promise<QueueReport[]> {
  requireModerator(user);
  const reporter = sql<string>`(select name from users r where r.id = ${reports.reporterId})`;
  const rows = await db
    .select({
      id: reports.id,
      kind: reports.kind,
      status: reports.status,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      snapshot: reports.snapshot,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterName: reporter,
      targetUserId: reports.targetUserId,
      targetName: users.name,
      targetRole: users.role,
      suspendedAt: users.suspendedAt,
      projectHiddenAt: projects.hiddenAt,
      projectExists: projects.id,
      messageRemovedAt: messages.removedAt,
      messageExists: messages.id,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.targetUserId))
    .leftJoin(projects, eq(projects.id, reports.projectId))
    .leftJoin(messages, eq(messages.id, reports.messageId))
    .where(eq(reports.status, "open"))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_LIMIT);
  const signals = await signalsFor(db, [...new Set(rows.map((r) => r.targetUserId))]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    targetId: r.targetId,
    reason: r.reason,
    details: r.details,
    snapshot: r.snapshot,
    createdAt: r.createdAt.toISOString(),
    reporter: { id: r.reporterId, name: r.reporterName },
    target: {
      id: r.targetUserId,
      name: r.targetName,
      moderator: r.targetRole === "moderator",
      suspended: r.suspendedAt !== null,
      projectHidden: r.projectExists ? r.projectHiddenAt !== null : null,
      messageRemoved: r.messageExists ? r.messageRemovedAt !== null : null,
    },
    signals: signals.get(r.targetUserId) ?? [],
  }));
}

/** An audit log entry (who, what, when, why). */
export interface AuditEntry {
  id: string;
  moderator: { id: string | null; name: string };
  action: ModerationAction;
  targetType: string;
  targetId: string;
  reportId: string | null;
  reason: string;
  createdAt: string;
}

/** The newest `limit` (default 50) audit log entries. Moderators only: throws UnauthorizedError, ForbiddenError. */
export async function listModerationLog(db: Db, user: SessionUser | null, limit = 50): Promise<AuditEntry[]> {
  requireModerator(user);
  const rows = await db
    .select({
      id: moderationLog.id,
      moderatorId: moderationLog.moderatorId,
      moderatorName: users.name,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      reportId: moderationLog.reportId,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
    })
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.moderatorId))
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(Math.min(Math.max(limit, 1), 200));
  return rows.map((r) => ({
    id: r.id,
    moderator: { id: r.moderatorId, name: r.moderatorName ?? "Former moderator" },
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    reportId: r.reportId,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A moderator's hide, removal or suspension that is still in effect (listMeasuresInEffect). */
export interface MeasureInEffect {
  /** The audit log entry that put it in place. */
  id: string;
  action: "hide_project" | "remove_message" | "suspend";
  /** The report it was taken on: restore acts through it (actOnReport). */
  reportId: string;
  /** The project's title, the account's name, or the message's sender's name. */
  targetLabel: string;
  reason: string;
  moderator: { id: string | null; name: string };
  createdAt: string;
}

/**
 * What moderators hid, removed or suspended from a report and is still so (the project still hidden
 * by a moderator, the message still removed, the account still suspended), newest first, one per
 * target (its latest entry), at most `limit` (default 50), so a mistake can be undone from
 * /moderation after its report left the queue (docs/product.md, Trust and safety). Moderators only:
 * throws UnauthorizedError, ForbiddenError.
 */
export async function listMeasuresInEffect(db: Db, user: SessionUser | null, limit = 50): Promise<MeasureInEffect[]> {
  requireModerator(user);
  const result = await db.execute(sql`
    select * from (
      select distinct on (l.target_type, l.target_id)
        l.id, l.action, l.report_id as "reportId", l.reason, l.created_at as "createdAt", l.moderator_id as "moderatorId", m.name as "moderatorName",
        case l.action
          when 'hide_project' then (select p.title from projects p where p.id = l.target_id::uuid)
          when 'remove_message' then (select s.name from messages x join users s on s.id = x.sender_id where x.id = l.target_id::uuid)
          else (select u.name from users u where u.id = l.target_id)
        end as "targetLabel"
      from moderation_log l
      left join users m on m.id = l.moderator_id
      where l.report_id is not null
        and l.action in ('hide_project', 'remove_message', 'suspend')
        and case l.action
          when 'hide_project' then exists (select 1 from projects p where p.id = l.target_id::uuid and p.hidden_by = 'moderator')
          when 'remove_message' then exists (select 1 from messages x where x.id = l.target_id::uuid and x.removed_at is not null)
          else exists (select 1 from users u where u.id = l.target_id and u.suspended_at is not null)
        end
      order by l.target_type, l.target_id, l.created_at desc, l.id desc
    ) t
    order by "createdAt" desc, id desc
    limit ${Math.min(Math.max(limit, 1), 200)}
  `);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((r) => ({
    id: String(r.id),
    action: r.action as MeasureInEffect["action"],
    reportId: String(r.reportId),
    targetLabel: String(r.targetLabel ?? ""),
    reason: String(r.reason),
    moderator: { id: (r.moderatorId as string | null) ?? null, name: (r.moderatorName as string | null) ?? "Former moderator" },
    createdAt: new Date(r.createdAt as string | Date).toISOString(),
  }));
}

/**
 * Locks, FOR UPDATE and in id order, the projects of account `userId` that `condition` picks: the
 * ones a suspension hides or its lifting shows again. They come before the account's own rows
 * (developer profile, sessions, users row), in the order an account deletion takes them
 * (ARCHITECTURE.md, Locks; decision 0053): a suspension and a deletion of one account then queue
 * instead of each holding what the other waits for (PostgreSQL 40P01, answered 503).
 */
async function lockOwnedProjects(tx: Tx, userId: string, condition: SQL | undefined): Promise<void> {
  await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.userId, userId), condition))
    .orderBy(asc(projects.id))
    .for("update");
}

/**
 * Suspends account `userId` with `reason` inside `tx`: the account is marked, every session is
 * deleted (its next request is anonymous; server/http/session.ts also refuses a suspended
 * account), its visible projects are hidden from browse, search and similar projects, and its
 * developer profile (if any) is marked inactive, so the directory's totals, which count profiles
 * alone, leave it out (docs/product.md, Trust and safety). A moderator's account is refused with
 * ForbiddenError MODERATOR_NOT_SUSPENDABLE (the caller's transaction then writes nothing).
 * Rows are taken in the order of an account deletion (lockOwnedProjects): projects, profile,
 * sessions, and the users row last.
 */
async function suspendAccount(tx: Tx, userId: string, reason: string, at: Date): Promise<void> {
  const visible = isNull(projects.hiddenAt);
  await lockOwnedProjects(tx, userId, visible);
  await tx.update(developerProfiles).set({ isActive: false }).where(eq(developerProfiles.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  // The account's row is locked before its role is read: a role change (setUserRole locks it
  // too) lands either before this check or after the suspension, never in between.
  const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
  if (target?.role === "moderator") throw new ForbiddenError(MODERATOR_NOT_SUSPENDABLE);
  await tx.update(users).set({ suspendedAt: at, suspensionReason: reason, updatedAt: at }).where(eq(users.id, userId));
  await tx
    .update(projects)
    .set({ hiddenAt: at, hiddenBy: "suspension" })
    .where(and(eq(projects.userId, userId), visible));
}

/**
 * Lifts a suspension: the account may sign in again and its profile and the projects the
 * suspension hid come back. In the order of suspendAccount (projects, profile, users row).
 */
async function liftSuspension(tx: Tx, userId: string, at: Date): Promise<void> {
  const hiddenBySuspension = eq(projects.hiddenBy, "suspension");
  await lockOwnedProjects(tx, userId, hiddenBySuspension);
  await tx.update(developerProfiles).set({ isActive: true }).where(eq(developerProfiles.userId, userId));
  await tx.update(users).set({ suspendedAt: null, suspensionReason: null, updatedAt: at }).where(eq(users.id, userId));
  await tx
    .update(projects)
    .set({ hiddenAt: null, hiddenBy: null })
    .where(and(eq(projects.userId, userId), hiddenBySuspension));
}

/** Sets the conversation's inbox preview to the removed text when `messageId` is its last message. */
async function refreshPreview(tx: Tx, messageId: string, text: string | null): Promise<void> {
  const [m] = await tx
    .select({ conversationId: messages.conversationId, seq: messages.seq, body: messages.body })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!m) return;
  await tx
    .update(conversations)
    .set({
      lastMessagePreview:
        text ??
        m.body
          .split("\n")
          .find((l) => l.trim())
          ?.trim()
          .slice(0, 140) ??
        "",
    })
    .where(and(eq(conversations.id, m.conversationId), eq(conversations.lastSeq, m.seq)));
}

/**
 * Takes `input` ({ action, reason }, moderationActionSchema) on report `reportId` as moderator
 * `user`, in one transaction with its audit log entry:
 * - dismiss: nothing wrong; hide_project (project reports) hides it from everyone but its client;
 *   remove_message (message reports) replaces its text everywhere; warn sends the account a notice
 *   with the reason; suspend signs the account out everywhere, refuses its sign-ins with the
 *   reason and hides its profile and projects. These close an open report, and its reporter gets
 *   a notice that it was handled (never what was done).
 * - restore undoes what was done to the report's target (unhide, put the message back, lift the
 *   suspension); the report may be open or handled.
 * A moderator's account is never suspended here (docs/product.md, Trust and safety: staff change only
 * through the role command): the other actions, a warning included, apply to it as to anyone.
 * Throws UnauthorizedError, ForbiddenError (not a moderator; a moderator suspending themselves;
 * MODERATOR_NOT_SUSPENDABLE, nothing written and the report left open),
 * NotFoundError "Report not found", ValidationError (action does not fit the report),
 * ConflictError (report already handled).
 * `sessions` is this instance's session cache: a suspended account's cached sessions are dropped
 * here at once, before the revocation notice reaches the other instances (decision 0024).
 */
export async function actOnReport(
  db: Db,
  user: SessionUser | null,
  reportId: string,
  input: unknown,
  sessions?: { forgetUser(userId: string): void } | null,
): Promise<{ status: ReportStatus }> {
  const moderator = requireModerator(user);
  if (!UUID.test(reportId)) throw new NotFoundError("Report not found");
  const { action, reason } = parseInput(moderationActionSchema, input);
  const result = await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for("update");
    if (!report) throw new NotFoundError("Report not found");
    if (action !== "restore" && report.status !== "open") throw new ConflictError("This report has already been handled");
    const wrong = (message: string) => new ValidationError({ action: message }, message);
    const at = new Date();
    let targetType: "project" | "user" | "message" = "user";
    let targetId = report.targetUserId;
    switch (action) {
      case "dismiss":
        break;
      case "hide_project": {
        if (report.kind !== "project" || !report.projectId) throw wrong("Only a reported project can be hidden");
        targetType = "project";
        targetId = report.projectId;
        await tx
          .update(projects)
          .set({ hiddenAt: at, hiddenBy: "moderator" })
          .where(and(eq(projects.id, report.projectId), isNull(projects.hiddenAt)));
        break;
      }
      case "remove_message": {
        if (report.kind !== "message" || !report.messageId) throw wrong("Only a reported message can be removed");
        targetType = "message";
        targetId = report.messageId;
        await tx
          .update(messages)
          .set({ removedAt: at })
          .where(and(eq(messages.id, report.messageId), isNull(messages.removedAt)));
        await refreshPreview(tx, report.messageId, REMOVED_MESSAGE_TEXT);
        break;
      }
      case "warn":
        await addNotification(tx, report.targetUserId, "moderation_warning", `A moderator has warned you: ${reason}`, "/terms");
        break;
      case "suspend": {
        if (report.targetUserId === moderator.id) throw new ForbiddenError("You cannot suspend your own account");
        // Refuses a moderator's account (MODERATOR_NOT_SUSPENDABLE): the role is read under the users row's lock.
        await suspendAccount(tx, report.targetUserId, reason, at);
        break;
      }
      case "restore": {
        if (report.kind === "project" && report.projectId) {
          const [p] = await tx.select({ hiddenBy: projects.hiddenBy }).from(projects).where(eq(projects.id, report.projectId));
          if (p?.hiddenBy === "moderator") {
            targetType = "project";
            targetId = report.projectId;
            await tx.update(projects).set({ hiddenAt: null, hiddenBy: null }).where(eq(projects.id, report.projectId));
          }
        }
        if (report.kind === "message" && report.messageId) {
          const [m] = await tx.select({ removedAt: messages.removedAt }).from(messages).where(eq(messages.id, report.messageId));
          if (m?.removedAt) {
            targetType = "message";
            targetId = report.messageId;
            await tx.update(messages).set({ removedAt: null }).where(eq(messages.id, report.messageId));
            await refreshPreview(tx, report.messageId, null);
          }
        }
        const [u] = await tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, report.targetUserId));
        if (u?.suspendedAt) {
          if (targetType === "user") targetId = report.targetUserId;
          await liftSuspension(tx, report.targetUserId, at);
        }
        // Nothing was hidden, removed or suspended: no log entry claiming a restore.
        if (targetType === "user" && !u?.suspendedAt) throw new ConflictError(NOTHING_TO_RESTORE);
        break;
      }
    }
    let status = report.status;
    if (action !== "restore") {
      status = action === "dismiss" ? "dismissed" : "actioned";
      await tx.update(reports).set({ status, handledBy: moderator.id, handledAt: at }).where(eq(reports.id, report.id));
      await addNotification(tx, report.reporterId, "report_handled", REPORT_HANDLED_NOTICE, "/notifications");
    }
    await tx.insert(moderationLog).values({ moderatorId: moderator.id, action, targetType, targetId, reportId: report.id, reason, createdAt: at });
    return { status, suspended: action === "suspend" ? report.targetUserId : null };
  });
  if (result.suspended) sessions?.forgetUser(result.suspended);
  return { status: result.status };
}
