import { and, desc, eq, sql } from "drizzle-orm";
import { encodeKeyCursor, type KeyCursor } from "~contract/platform/applications";
import { PAYOUTS_PAGE_DEFAULT } from "~contract/payouts/money-requests";
import type { PayoutDetail, PayoutsPage, PayoutSummary } from "~contract/payouts/money-outputs";
import { bookingReference } from "../ids";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { payouts, type PayoutRow } from "../db/schema";
import { notFound } from "../http/errors";
import { ledgerAccounts } from "../ledger/accounts";
import { microTime, newestFirst, pageOf } from "../platform/paging";

/**
 * The ledger lines that say what a payout paid: the operator's available money that the payout
 * took, marked with its id (released bookings' money, and a failed payout's given back, which
 * names no booking), its own movement left out.
 */
const paidLines = (operatorId: string) =>
  sql`l.account = ${ledgerAccounts.available(operatorId)} and l.kind <> 'payout'`;

/**
 * How many bookings each payout of the row paid: one subquery of the same statement (the payout's
 * id by its table's name: drizzle writes a column of the selected table bare, which `l` shares).
 */
const bookingsPaid = (operatorId: string) =>
  sql<number>`(select count(distinct l.booking_id) from ledger_entries l
    where l.payout_id = "payouts"."id" and ${paidLines(operatorId)})::int`;

function toSummary(row: PayoutRow, bookings: number): PayoutSummary {
  return {
    id: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    arrivalDate: row.arrivalDate,
    paidAt: row.paidAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    bookings,
  };
}

/** GET /v1/operator/payouts: newest first, keyset paged by (created_at, id), one statement. */
export async function listPayouts(
  db: Db,
  operatorId: string,
  query: { cursor?: KeyCursor; limit?: number },
): Promise<PayoutsPage> {
  const limit = query.limit ?? PAYOUTS_PAGE_DEFAULT;
  const page = newestFirst(payouts.createdAt, payouts.id, query.cursor);
  const rows = await db
    .select({ row: payouts, bookings: bookingsPaid(operatorId), cursorKey: microTime(payouts.createdAt) })
    .from(payouts)
    .where(and(eq(payouts.accountId, operatorId), page.before))
    .orderBy(...page.order)
    .limit(limit + 1);
  return pageOf(
    rows,
    limit,
    ({ row, bookings }) => toSummary(row, Number(bookings)),
    ({ row, cursorKey }) => encodeKeyCursor({ key: cursorKey, id: row.id }),
  );
}

/** The payouts of the operator made in [start, end), newest first, with their bookings (one statement). */
export async function payoutsBetween(db: Db, operatorId: string, start: Date, end: Date): Promise<PayoutSummary[]> {
  const rows = await db
    .select({ row: payouts, bookings: bookingsPaid(operatorId) })
    .from(payouts)
    .where(
      and(
        eq(payouts.accountId, operatorId),
        sql`${payouts.createdAt} >= ${start.toISOString()}::timestamptz`,
        sql`${payouts.createdAt} < ${end.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return rows.map(({ row, bookings }) => toSummary(row, Number(bookings)));
}

interface PaidRow {
  booking_id: string | null;
  amount: string | number;
  experience_title: string | null;
  service_name: string | null;
  starts_at: Date | string | null;
  timezone: string | null;
}

/**
 * GET /v1/operator/payouts/{id}: the operator's payout (another operator's, or none: 404
 * `payout_not_found`) and what it paid, by booking, with each booking's experience and departure
 * (one statement for the lines, grouped by the database).
 */
export async function readPayout(db: Db, operatorId: string, payoutId: string): Promise<PayoutDetail> {
  const [payout] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.accountId, operatorId)));
  if (!payout) throw notFound("No such payout.", "payout_not_found");
  const rows = await queryRows<PaidRow>(
    db,
    sql`
    select l.booking_id, sum(l.amount_minor) as amount, min(e.title) as experience_title,
           min(sv.name) as service_name, min(s.starts_at) as starts_at, min(e.timezone) as timezone
    from ledger_entries l
      left join bookings b on b.id = l.booking_id
      left join slots s on s.id = b.slot_id
      left join services sv on sv.id = b.service_id
      left join experiences e on e.id = b.experience_id
    where l.payout_id = ${payout.id} and ${paidLines(operatorId)}
    group by l.booking_id
    order by min(s.starts_at), l.booking_id`,
  );
  const lines = rows.filter((row) => row.booking_id !== null);
  return {
    ...toSummary(payout, lines.length),
    lines: lines.map((row) => ({
      bookingId: row.booking_id!,
      reference: bookingReference(row.booking_id!),
      experienceTitle: row.experience_title ?? "",
      serviceName: row.service_name ?? "",
      departureStartsAt: new Date(row.starts_at!).toISOString(),
      timezone: row.timezone ?? "UTC",
      amountMinor: Number(row.amount),
    })),
    otherMinor: rows.filter((row) => row.booking_id === null).reduce((sum, row) => sum + Number(row.amount), 0),
  };
}
