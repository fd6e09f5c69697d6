import type { PlatformAuditAction } from "~contract/platform/audit-actions";
import { PLATFORM_AUDIT_ACTIONS } from "~contract/platform/audit-actions";
import type { Db } from "../db/client";
import { platformAuditLog } from "../db/schema";

/**
 * Who did a platform admin action, from where: a signed-in admin (their id and email then), or the
 * `npm run admin` commands (no user: `userId` null, `email` what the command says of itself).
 */
export interface PlatformActor {
  userId: string | null;
  email: string | null;
  clientAddress: string;
}

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
