import { ADMIN_PAGE_DEFAULT, encodeKeyCursor, type KeyCursor } from "~contract/platform/applications";
import { PLATFORM_AUDIT_ACTIONS, type PlatformAuditAction } from "~contract/platform/audit-actions";
import type { PlatformAuditEntry } from "~contract/platform/outputs";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { clientIp } from "../http/client-info";
import type { AppEnv } from "../http/types";
import { platformAuditLog } from "../db/schema";
import { microTime, newestFirst, pageOf } from "./paging";

/**
 * Who did a platform admin action, from where: a signed-in admin (their id and email then), or the
 * `npm run admin` commands (no user: `userId` null, `email` what the command says of itself).
 */
export interface PlatformActor {
  userId: string | null;
  email: string | null;
  clientAddress: string;
}

/** The signed-in platform admin of this request, as the audit log names them. */
export const platformActorOf = (c: Context<AppEnv>) => ({
  userId: c.get("identity").uid,
  email: c.get("identity").email,
  clientAddress: clientIp(c),
});

/**
 * Writes one row of the platform audit log (platform_audit_log): call it in the transaction of the
 * change it records, with the target's facts before and after (null: it did not exist / is gone).
 */
export async function writePlatformAudit(
  db: Db,
  actor: PlatformActor,
  action: PlatformAuditAction,
  targetId: string,
  change: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  await db.insert(platformAuditLog).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    action,
    targetType: PLATFORM_AUDIT_ACTIONS[action],
    targetId,
    before: change.before ?? null,
    after: change.after ?? null,
    clientAddress: actor.clientAddress,
  });
}

/** GET /v1/admin/audit-log: newest first, keyset paged by (at, id). */
export async function readPlatformAudit(db: Db, query: { cursor?: KeyCursor; limit?: number }) {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const page = newestFirst(platformAuditLog.at, platformAuditLog.id, query.cursor);
  const rows = await db
    .select({ row: platformAuditLog, cursorKey: microTime(platformAuditLog.at) })
    .from(platformAuditLog)
    .where(page.before)
    .orderBy(...page.order)
    .limit(limit + 1);
  return pageOf(
    rows,
    limit,
    ({ row }): PlatformAuditEntry => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, email: row.actorEmail },
      action: row.action,
      target: { type: row.targetType, id: row.targetId },
      before: row.before,
      after: row.after,
      clientAddress: row.clientAddress,
    }),
    ({ row, cursorKey }) => encodeKeyCursor({ key: cursorKey, id: row.id }),
  );
}
