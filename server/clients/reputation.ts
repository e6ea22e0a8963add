/**
 * A client's record as developers see it (docs/product.md, Trust and safety): the About the Client
 * card and /clients/{id}. Figures come from the records on every read: rating and count of the
 * developers' visible reviews (blind reviews, server/reviews/blind.ts), projects posted, hires made,
 * hire rate, completed projects, member since, verified email, and from payments whether the
 * payment method is verified and the total spent in whole rand (`clientPaymentFigures`).
 */
import { photoIdColumn } from "../files/profile-photos";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { clientReviews, payments, projects, users } from "../db/schema";
import { NotFoundError } from "../errors";
import { USER_ID } from "../lib/ids";
import { reviewVisible } from "../reviews/blind";

/** Payment figures of a client (docs/product.md, Payments). */
export interface ClientPaymentFigures {
  paymentMethodVerified: boolean;
  /** Total paid through BuildZA, whole rand. */
  totalSpent: number;
}

export interface ClientReputation {
  id: string;
  name: string;
  /** The profile photo's file id (server/files/profile-photos.ts), or null for the initial letter. */
  photoId: string | null;
  /** ISO date of registration. */
  memberSince: string;
  emailVerified: boolean;
  /** Average of developers' visible reviews, two decimals; 0 without reviews. */
  rating: number;
  reviewCount: number;
  projectsPosted: number;
  /** Projects where the client hired a developer (in progress or completed). */
  hires: number;
  /** hires / projectsPosted as a whole percentage; null before the first project. */
  hireRate: number | null;
  completedProjects: number;
  payment: ClientPaymentFigures | null;
}

/**
 * The payment figures of `clientId` (docs/product.md, Trust and safety "Reputation both ways"):
 * the payment method counts as verified once a payment of theirs succeeded at the provider, and
 * total spent is what their succeeded payments put into escrow, in whole rand (cents rounded down).
 */
export async function clientPaymentFigures(db: Db, clientId: string): Promise<ClientPaymentFigures | null> {
  const [row] = await prepared(
    "client_payments",
    db
      .select({ n: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)::text` })
      .from(payments)
      .where(and(eq(payments.payerId, clientId), eq(payments.status, "succeeded"))),
  );
  return { paymentMethodVerified: (row?.n ?? 0) > 0, totalSpent: Math.floor(Number(row?.cents ?? 0) / 100) };
}

/**
 * The record of client `clientId`. Throws NotFoundError "Client not found" for an unknown id, a
 * deleted or a suspended account.
 */
export async function getClientReputation(db: Db, clientId: string): Promise<ClientReputation> {
  if (!USER_ID.test(clientId)) throw new NotFoundError("Client not found");
  // Raw aliases in the subqueries: drizzle would leave their columns unqualified.
  const visible = sql.raw(`(r.hidden_until is null or r.hidden_until <= now())`);
  const [row] = await prepared(
    "client_reputation",
    db
      .select({
        id: users.id,
        name: users.name,
        createdAt: users.createdAt,
        emailVerified: users.emailVerified,
        photoId: photoIdColumn(`"users"."id"`),
        rating: sql<string>`coalesce((select round(avg(r.rating)::numeric, 2) from client_reviews r where r.client_id = "users"."id" and ${visible}), 0)`,
        reviewCount: sql<number>`(select count(*)::int from client_reviews r where r.client_id = "users"."id" and ${visible})`,
        projectsPosted: sql<number>`(select count(*)::int from projects p where p.user_id = "users"."id")`,
        hires: sql<number>`(select count(*)::int from projects p where p.user_id = "users"."id" and p.status in ('in_progress', 'completed'))`,
        completedProjects: sql<number>`(select count(*)::int from projects p where p.user_id = "users"."id" and p.status = 'completed')`,
      })
      .from(users)
      .where(and(eq(users.id, clientId), eq(users.isActive, true), isNull(users.suspendedAt))),
  );
  if (!row) throw new NotFoundError("Client not found");
  return {
    id: row.id,
    name: row.name,
    photoId: row.photoId,
    memberSince: row.createdAt.toISOString(),
    emailVerified: row.emailVerified,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    projectsPosted: row.projectsPosted,
    hires: row.hires,
    hireRate: row.projectsPosted ? Math.round((row.hires / row.projectsPosted) * 100) : null,
    completedProjects: row.completedProjects,
    payment: await clientPaymentFigures(db, row.id),
  };
}

/** A developer's review of a client as /clients/{id} shows it. */
export interface ClientReview {
  id: string;
  developerName: string;
  projectTitle: string;
  rating: number;
  comment: string;
  createdAt: string;
}

/** The visible reviews developers wrote of client `clientId`, newest first (at most `limit`). */
export async function listClientReviews(db: Db, clientId: string, limit = 50): Promise<ClientReview[]> {
  const rows = await db
    .select({
      id: clientReviews.id,
      developerName: sql<string>`coalesce((select name from users d where d.id = ${clientReviews.developerId}), '')`,
      projectTitle: projects.title,
      rating: clientReviews.rating,
      comment: clientReviews.comment,
      createdAt: clientReviews.createdAt,
    })
    .from(clientReviews)
    .innerJoin(projects, eq(projects.id, clientReviews.projectId))
    .where(and(eq(clientReviews.clientId, clientId), reviewVisible(clientReviews.hiddenUntil)))
    .orderBy(desc(clientReviews.createdAt), desc(clientReviews.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, developerName: r.developerName || "Anonymous", createdAt: r.createdAt.toISOString() }));
}
