/**
 * The operators' audit log: every console write records who (Actor), what, when and from where,
 * in the transaction of the change (the operator room and the domains it drives, photos among them).
 */
import { count, desc, eq } from "drizzle-orm";
import type { AuditLogPage } from "~contract/operators";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

export const AUDIT_PAGE_SIZE = 50;

/** Who acted, from where: the audit log's side of a console request. */
export interface Actor {
  accountId: string;
  userId: string;
  email: string | null;
  clientAddress: string;
}

/** Writes one row of the operator's audit log: call it in the transaction of the change it records. */
export async function writeAudit(
  db: Db,
  actor: Actor,
  action: string,
  target: Record<string, string | null>,
): Promise<void> {
  await db.insert(auditLog).values({
    accountId: actor.accountId,
    actorId: actor.userId,
    actorEmail: actor.email,
    action,
    target,
    clientAddress: actor.clientAddress,
  });
}

/** GET /v1/operator/audit-log: this operator's rows, newest first. */
export async function readAuditLog(db: Db, accountId: string, page: number): Promise<AuditLogPage> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.accountId, accountId))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(eq(auditLog.accountId, accountId)),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, email: row.actorEmail },
      action: row.action,
      target: row.target,
      clientAddress: row.clientAddress,
    })),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / AUDIT_PAGE_SIZE),
  };
}
