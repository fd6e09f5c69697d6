import { sql } from "drizzle-orm";
import { EXPIRED_INVITATION_DAYS } from "~contract/operator/team";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";

/** Messages and codes are kept this long, then purged. */
export const RETENTION_DAYS = 90;
/** A scan's first answer is kept this long for retries, then purged. */
export const CHECK_IN_SCAN_RETENTION_DAYS = 3;
/** A console write's first answer is kept this long for a form sent again (api/operator/idempotency.ts). */
export const CONSOLE_WRITE_KEY_RETENTION_DAYS = 3;

/**
 * Nightly: sent, kept and failed messages, used or expired verification codes and read
 * notifications older than the retention (pg-boss purges its own finished jobs), the catalog's
 * departure days that are over everywhere, invitations long expired, check-in scans' and console
 * writes' kept answers, and sessions signed out on one device that have expired
 * anyway.
 */
export async function purgeOld(db: Db): Promise<{ messages: number; codes: number; notifications: number }> {
  const messages = await queryRows(
    db,
    sql`
    delete from outbox where status in ('sent', 'kept', 'failed')
      and created_at < app_now() - make_interval(days => ${RETENTION_DAYS}) returning id`,
  );
  const codes = await queryRows(
    db,
    sql`
    delete from verification_codes where expires_at < app_now() - make_interval(days => ${RETENTION_DAYS}) returning id`,
  );
  const notifications = await queryRows(
    db,
    sql`
    delete from notifications where read_at is not null
      and created_at < app_now() - make_interval(days => ${RETENTION_DAYS}) returning id`,
  );
  await db.execute(sql`delete from departure_days where day < (app_now() at time zone 'UTC')::date - 2`);
  // Invitations never accepted, a month after they expired (the team page lists them until then).
  await db.execute(sql`
    delete from operator_invitations where accepted_at is null
      and expires_at < app_now() - make_interval(days => ${EXPIRED_INVITATION_DAYS})`);
  // Scan answers (api/operator/check-in.ts) matter only while a device may retry its scan.
  await db.execute(sql`
    delete from check_in_scans where created_at < app_now() - make_interval(days => ${CHECK_IN_SCAN_RETENTION_DAYS})`);
  await db.execute(sql`
    delete from console_write_keys where created_at < app_now() - make_interval(days => ${CONSOLE_WRITE_KEY_RETENTION_DAYS})`);
  // Session expiry is real time (the identity provider's), not the product's test clock.
  await db.execute(sql`delete from signed_out_sessions where expires_at < now()`);
  return { messages: messages.length, codes: codes.length, notifications: notifications.length };
}
