import { sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { MoneyStatement, StatementFigures, StatementRow } from "~contract/payouts/money-outputs";
import { bookingReference } from "../ids";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import type { AccountRow } from "../db/schema";
import { ledgerAccounts } from "../ledger/accounts";
import { localDateOf, localToUtc } from "../schedules/expand";
import { payoutsBetween } from "./payouts-read";

type Operator = Pick<AccountRow, "id" | "currency" | "timezone">;

interface Row {
  booking_id: string;
  gross: string | number;
  refunds: string | number;
  tips: string | number;
  fee: string | number;
  net: string | number;
  experience_title: string;
  service_name: string;
  starts_at: Date | string;
  timezone: string;
}

const ZERO: StatementFigures = { grossMinor: 0, platformFeeMinor: 0, refundsMinor: 0, tipsMinor: 0, netMinor: 0 };

const month = (date: DateTime) => date.toFormat("yyyy-MM");

/**
 * GET /v1/operator/statement?month=YYYY-MM: the month's money movements of the operator's
 * bookings, in the operator's zone, per booking, summed by the database from the ledger (one
 * statement; the payouts of the month a second): the lines of its bookings' sales, refunds and
 * tips on the operator's pending account and the platform's commission and service fee. A sale is
 * what the traveller paid (those three lines of a charge), a refund what was given back (of a
 * refund), the fee the platform's two lines, the net the operator's: so net = gross + tips − fee −
 * refunds, to the cent, and the statement's totals are its rows' sums.
 */
export async function readStatement(db: Db, operator: Operator, asked?: string): Promise<MoneyStatement> {
  const zone = operator.timezone;
  const current = localDateOf(clockNow(), zone).slice(0, 7);
  const first = DateTime.fromISO(`${asked ?? current}-01`, { zone: "UTC" });
  const next = first.plus({ months: 1 });
  const from = first.toISODate()!;
  const start = localToUtc(from, "00:00", zone);
  const end = localToUtc(next.toISODate()!, "00:00", zone);
  const pending = ledgerAccounts.pending(operator.id);
  const [rows, payouts] = await Promise.all([
    queryRows<Row>(
      db,
      sql`
      with moves as (
        select booking_id, kind, account, amount_minor, occurred_at from ledger_entries
        where operator_id = ${operator.id} and currency = ${operator.currency} and booking_id is not null
          and account in (${pending}, ${ledgerAccounts.commission}, ${ledgerAccounts.serviceFees})
          and kind in ('charge', 'gift_card_spend', 'refund', 'gift_card_refund', 'tip')
          and occurred_at >= ${start.toISOString()}::timestamptz and occurred_at < ${end.toISOString()}::timestamptz
      ),
      per_booking as (
        select booking_id,
          coalesce(sum(amount_minor) filter (where kind in ('charge', 'gift_card_spend')), 0) as gross,
          -coalesce(sum(amount_minor) filter (where kind in ('refund', 'gift_card_refund')), 0) as refunds,
          coalesce(sum(amount_minor) filter (where kind = 'tip'), 0) as tips,
          coalesce(sum(amount_minor) filter (where account <> ${pending}), 0) as fee,
          coalesce(sum(amount_minor) filter (where account = ${pending}), 0) as net,
          min(occurred_at) as first_at
        from moves group by booking_id
      )
      select p.booking_id, p.gross, p.refunds, p.tips, p.fee, p.net, e.title as experience_title,
             sv.name as service_name, s.starts_at, e.timezone
      from per_booking p
        join bookings b on b.id = p.booking_id
        join slots s on s.id = b.slot_id
        join services sv on sv.id = b.service_id
        join experiences e on e.id = b.experience_id
      order by p.first_at, p.booking_id`,
    ),
    payoutsBetween(db, operator.id, start, end),
  ]);
  const statementRows: StatementRow[] = rows.map((row) => ({
    bookingId: row.booking_id,
    reference: bookingReference(row.booking_id),
    experienceTitle: row.experience_title,
    serviceName: row.service_name,
    departureStartsAt: new Date(row.starts_at).toISOString(),
    timezone: row.timezone,
    grossMinor: Number(row.gross),
    platformFeeMinor: Number(row.fee),
    refundsMinor: Number(row.refunds),
    tipsMinor: Number(row.tips),
    netMinor: Number(row.net),
  }));
  const totals = statementRows.reduce<StatementFigures>(
    (sum, row) => ({
      grossMinor: sum.grossMinor + row.grossMinor,
      platformFeeMinor: sum.platformFeeMinor + row.platformFeeMinor,
      refundsMinor: sum.refundsMinor + row.refundsMinor,
      tipsMinor: sum.tipsMinor + row.tipsMinor,
      netMinor: sum.netMinor + row.netMinor,
    }),
    ZERO,
  );
  const shown = month(first);
  return {
    month: shown,
    from,
    to: next.minus({ days: 1 }).toISODate()!,
    previousMonth: month(first.minus({ months: 1 })),
    nextMonth: shown < current ? month(next) : null,
    timeZone: zone,
    currency: operator.currency,
    rows: statementRows,
    totals,
    payouts,
    paidOutMinor: payouts
      .filter((payout) => payout.status !== "failed")
      .reduce((sum, payout) => sum + payout.amountMinor, 0),
  };
}
