/**
 * What the platform audit log records (platform_audit_log.action), with the kind of thing each is
 * about (its target's type). The `npm run admin` commands write theirs too, without an actor.
 */
export const PLATFORM_AUDIT_ACTIONS = {
  "application.approved": "application",
  "application.rejected": "application",
  "operator.created": "operator",
  "operator.suspended": "operator",
  "operator.reinstated": "operator",
  /** Its commission set (issue 45): before and after, `commissionBps` (null: the platform's default). */
  "operator.commission_set": "operator",
  "booking.looked_up": "booking_lookup",
  "admin.granted": "user",
  "admin.revoked": "user",
} as const;
export type PlatformAuditAction = keyof typeof PLATFORM_AUDIT_ACTIONS;
export type PlatformAuditTarget = (typeof PLATFORM_AUDIT_ACTIONS)[PlatformAuditAction];
