/**
 * The operators' audit log: every console write records who (Actor), what, when and from where,
 * in the transaction of the change (the operator room and the domains it drives, photos among them).
 * Reading it resolves the ids a record names (who acted, the booking, experience, service,
 * departure, member and guide) in the same statement, so the console can say it in words.
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { AuditAction, AuditTarget } from "~contract/operator/audit-actions";
import type { AuditEntry, AuditLogPage } from "~contract/operator/team";
import { bookingReference } from "../ids";
import type { Db } from "../db/client";
import { auditLog, bookings, experiences, services, slots, users } from "../db/schema";

export const AUDIT_PAGE_SIZE = 50;

/** Who acted, from where: the audit log's side of a console request. */
export interface Actor {
  accountId: string;
  userId: string;
  email: string | null;
  clientAddress: string;
}

/** Who acted: a member (Actor), or a reseller with its OCTO key (no user: `userId` null, its contact's email). */
export type AuditActor = Omit<Actor, "userId"> & { userId: string | null };

/** Writes one row of the operator's audit log: call it in the transaction of the change it records. */
export async function writeAudit<A extends AuditAction>(
  db: Db,
  actor: AuditActor,
  action: A,
  target: AuditTarget<A>,
): Promise<void> {
  await db.insert(auditLog).values({
    accountId: actor.accountId,
    actorId: actor.userId,
    actorEmail: actor.email,
    action,
    target: target as Record<string, string | null>,
    clientAddress: actor.clientAddress,
  });
}

const actors = alias(users, "audit_actors");
const members = alias(users, "audit_members");
const guides = alias(users, "audit_guides");
const field = (key: string) => sql`${auditLog.target}->>${key}`;
const fullName = (who: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(concat_ws(' ', ${who.firstName}, ${who.lastName}), '')`;

/**
 * Audit rows of one operator with what their ids name today (left joins on the record's ids, each
 * kept to this operator's rows: one statement), newest first; `where` narrows them further.
 */
export async function auditEntries(
  db: Db,
  accountId: string,
  options: { where?: SQL; limit?: number; offset?: number } = {},
): Promise<AuditEntry[]> {
  const query = db
    .select({
      row: auditLog,
      actorName: fullName(actors),
      memberName: fullName(members),
      guideName: fullName(guides),
      experienceTitle: experiences.title,
      timezone: experiences.timezone,
      serviceName: services.name,
      departureStartsAt: slots.startsAt,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(members, eq(members.id, field("userId")))
    .leftJoin(guides, eq(guides.id, field("guideUserId")))
    .leftJoin(bookings, and(eq(bookings.id, field("bookingId")), eq(bookings.accountId, auditLog.accountId)))
    .leftJoin(slots, eq(slots.id, sql`coalesce(${field("departureId")}, ${bookings.slotId})`))
    .leftJoin(
      services,
      eq(services.id, sql`coalesce(${field("serviceId")}, ${slots.serviceId}, ${bookings.serviceId})`),
    )
    .leftJoin(
      experiences,
      and(
        eq(experiences.id, sql`coalesce(${field("experienceId")}, ${services.experienceId})`),
        eq(experiences.accountId, auditLog.accountId),
      ),
    )
    .where(and(eq(auditLog.accountId, accountId), options.where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  const rows = await query;
  return rows.map(({ row, ...named }) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail, name: named.actorName },
    action: row.action,
    target: row.target,
    about: {
      bookingReference: row.target.bookingId ? bookingReference(row.target.bookingId) : null,
      experienceTitle: named.experienceTitle,
      serviceName: named.serviceName,
      departureStartsAt: named.departureStartsAt?.toISOString() ?? null,
      timezone: named.timezone,
      memberName: named.memberName,
      guideName: named.guideName,
    },
    clientAddress: row.clientAddress,
  }));
}

/** The audit rows about one booking (its record names it), newest first. */
export const bookingAuditEntries = (db: Db, accountId: string, bookingId: string) =>
  auditEntries(db, accountId, { where: sql`${field("bookingId")} = ${bookingId}` });

/** GET /v1/operator/audit-log: this operator's rows, newest first, a page at a time. */
export async function readAuditLog(db: Db, accountId: string, page: number): Promise<AuditLogPage> {
  const [items, [{ total }]] = await Promise.all([
    auditEntries(db, accountId, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
    db.select({ total: count() }).from(auditLog).where(eq(auditLog.accountId, accountId)),
  ]);
  return {
    items,
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / AUDIT_PAGE_SIZE),
  };
}
