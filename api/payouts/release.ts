import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { bookings } from "../db/schema";
import { ledgerAccounts } from "../ledger/accounts";
import { postLedger } from "../ledger/post";

/** Days after a departure before its money can be paid out, for an operator without a payout account row. */
export const DEFAULT_HOLD_DAYS = 2;

/** Bookings one run releases at most; the next run (a minute later) takes the rest. */
const BATCH = 200;

interface PendingBalance {
  bookingId: string;
  operatorId: string;
  currency: string;
  balance: number;
  /** The booking's pending lines so far: the release's number (a later tip or refund makes a new one). */
  lines: number;
}

/**
 * Departure plus hold has passed: each such booking's pending balance (charge, tips, refunds, date
 * changes, minus what was released before) becomes its operator's available balance, as one
 * `release:<bookingId>:<n>` transaction; `funds_released_at` is set the first time. The bookings
 * are locked (SKIP LOCKED) before their balances are read again in a later statement, so two
 * processes never release one booking twice, and what another run released just before is seen.
 */
export async function releaseDueFunds(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await queryRows<{ id: string }>(
      tx,
      sql`
        select b.id from bookings b
        join slots s on s.id = b.slot_id
        left join payout_accounts pa on pa.account_id = b.account_id
        where s.starts_at + make_interval(days => coalesce(pa.hold_days, ${DEFAULT_HOLD_DAYS})) <= app_now()
          and b.id in (
            select l.booking_id from ledger_entries l
            where l.account like 'operator:%:pending' and l.booking_id is not null
            group by l.booking_id
            having sum(l.amount_minor) <> 0
          )
        order by s.starts_at, b.id
        limit ${BATCH}
        for update of b skip locked`,
    );
    if (locked.length === 0) return 0;
    const ids = locked.map((row) => row.id);
    const balances = (
      await queryRows<{ bookingId: string; operatorId: string; currency: string; balance: string; lines: string }>(
        tx,
        sql`
          select l.booking_id as "bookingId", b.account_id as "operatorId", l.currency,
                 sum(l.amount_minor)::bigint as balance, count(*)::int as lines
          from ledger_entries l join bookings b on b.id = l.booking_id
          where l.booking_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
            and l.account = 'operator:' || b.account_id || ':pending'
          group by l.booking_id, b.account_id, l.currency
          having sum(l.amount_minor) <> 0`,
      )
    ).map<PendingBalance>((row) => ({ ...row, balance: Number(row.balance), lines: Number(row.lines) }));
    const released: string[] = [];
    for (const due of balances) {
      const posted = await postLedger(tx, {
        key: `release:${due.bookingId}:${due.lines}`,
        kind: "release",
        currency: due.currency,
        operatorId: due.operatorId,
        bookingId: due.bookingId,
        lines: [
          { account: ledgerAccounts.pending(due.operatorId), amountMinor: -due.balance },
          { account: ledgerAccounts.available(due.operatorId), amountMinor: due.balance },
        ],
      });
      if (posted) released.push(due.bookingId);
    }
    if (released.length > 0)
      await tx
        .update(bookings)
        .set({ fundsReleasedAt: sql`app_now()` })
        .where(and(inArray(bookings.id, released), isNull(bookings.fundsReleasedAt)));
    return released.length;
  });
}
