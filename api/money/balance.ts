import { sql } from "drizzle-orm";
import type { OperatorBalance } from "~contract/payouts/money-outputs";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import type { AccountRow } from "../db/schema";
import { isSuspended } from "../accounts/status";
import { ledgerAccounts } from "../ledger/accounts";
import { addLocalDays, localDateOf, localToUtc } from "../schedules/expand";
import { nextScheduledDate, payoutScheduleOf } from "./schedule-read";

type Operator = Pick<AccountRow, "id" | "currency" | "timezone" | "status">;

/**
 * GET /v1/operator/balance: the operator's accounts in the ledger, its payout schedule and the next
 * payout. Three statements whatever the operator's size: the schedule; its payouts (in transit,
 * and whether today's is made); the ledger's sums, with what the holds release by the next payout
 * (each booking's pending money whose departure start + hold days is past by then: the payout
 * engine's release rule). The next payout is the schedule's first date from today in the
 * operator's zone (from tomorrow once today's payout is made); its amount an estimate, the
 * engine's to decide (a departure moved or a refund made before then changes it).
 */
export async function readBalance(db: Db, operator: Operator): Promise<OperatorBalance> {
  const now = clockNow();
  const zone = operator.timezone;
  const today = localDateOf(now, zone);
  // Today's bounds in Node's zone rules, the ones `today` was read in (api/db/zone-rules.ts).
  const todayFrom = localToUtc(today, "00:00", zone).toISOString();
  const todayUntil = localToUtc(addLocalDays(today, 1), "00:00", zone).toISOString();
  const [{ schedule, payoutsEnabled }, [payouts]] = await Promise.all([
    payoutScheduleOf(db, operator.id),
    queryRows<{ in_transit: string | number; today: boolean }>(
      db,
      sql`select coalesce(sum(amount_minor) filter (where status in ('pending', 'in_transit')), 0) as in_transit,
                 coalesce(bool_or(created_at >= ${todayFrom}::timestamptz and created_at < ${todayUntil}::timestamptz), false) as today
          from payouts where account_id = ${operator.id}`,
    ),
  ]);
  const date = nextScheduledDate(schedule, payouts.today ? addLocalDays(today, 1) : today);
  const cutoff = new Date(Math.max(now.getTime(), localToUtc(date, "00:00", zone).getTime()));
  const pending = ledgerAccounts.pending(operator.id);
  const [sums] = await queryRows<Record<string, string | number>>(
    db,
    sql`
    with lines as (
      select account, booking_id, amount_minor from ledger_entries
      where operator_id = ${operator.id} and currency = ${operator.currency}
        and account in (${pending}, ${ledgerAccounts.available(operator.id)}, ${ledgerAccounts.paidOut(operator.id)},
                        ${ledgerAccounts.commission}, ${ledgerAccounts.serviceFees})
    ),
    held as (
      select booking_id, sum(amount_minor) as amount from lines where account = ${pending} group by booking_id
    )
    select
      coalesce(sum(amount_minor) filter (where account = ${pending}), 0) as pending,
      coalesce(sum(amount_minor) filter (where account = ${ledgerAccounts.available(operator.id)}), 0) as available,
      coalesce(sum(amount_minor) filter (where account = ${ledgerAccounts.paidOut(operator.id)}), 0) as paid_out,
      coalesce(sum(amount_minor) filter (where account = ${ledgerAccounts.commission}), 0) as commission,
      coalesce(sum(amount_minor) filter (where account = ${ledgerAccounts.serviceFees}), 0) as service_fees,
      (select coalesce(sum(held.amount), 0) from held
         join bookings b on b.id = held.booking_id join slots s on s.id = b.slot_id
         where s.starts_at + make_interval(days => ${schedule.holdDays}) <= ${cutoff.toISOString()}::timestamptz
      ) as releasable
    from lines`,
  );
  const amount = (name: string) => Number(sums[name]);
  const estimatedMinor = Math.max(0, amount("available") + amount("releasable"));
  return {
    currency: operator.currency,
    timeZone: zone,
    pendingMinor: amount("pending"),
    availableMinor: amount("available"),
    inTransitMinor: Number(payouts.in_transit),
    paidOutMinor: amount("paid_out"),
    platformFees: {
      commissionMinor: amount("commission"),
      serviceFeesMinor: amount("service_fees"),
      totalMinor: amount("commission") + amount("service_fees"),
    },
    schedule,
    payoutsEnabled,
    payoutsPaused: isSuspended(operator),
    nextPayout: {
      date,
      estimatedMinor,
      belowMinimum: estimatedMinor < schedule.minimumMinor,
    },
  };
}
