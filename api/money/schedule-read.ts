import { eq } from "drizzle-orm";
import { DEFAULT_PAYOUT_SCHEDULE, type PayoutInterval } from "~contract/payouts/money-requests";
import type { PayoutSchedule } from "~contract/payouts/money-outputs";
import { DateTime } from "luxon";
import type { Db } from "../db/client";
import { payoutAccounts } from "../db/schema";

/** When payouts are made: every day, a weekday (1 = Monday … 7 = Sunday) or a day of the month (1 to 28). */
export interface ScheduleDay {
  interval: PayoutInterval;
  day: number;
}

/**
 * The first local date on or after `from` (YYYY-MM-DD) that the schedule pays out on: `from`
 * itself daily; the next `day` of the week (ISO: 1 = Monday); the next `day` of a month (1 to 28,
 * which every month has).
 */
export function nextScheduledDate(schedule: ScheduleDay, from: string): string {
  const date = DateTime.fromISO(from, { zone: "UTC" });
  if (schedule.interval === "daily") return from;
  if (schedule.interval === "weekly") return date.plus({ days: (schedule.day - date.weekday + 7) % 7 }).toISODate()!;
  const thisMonth = date.set({ day: schedule.day });
  return (date.day <= schedule.day ? thisMonth : thisMonth.plus({ months: 1 })).toISODate()!;
}

/**
 * The operator's payout schedule: its payout account's, or the defaults while it has none; and
 * whether that account can receive payouts.
 */
export async function payoutScheduleOf(
  db: Db,
  accountId: string,
): Promise<{ schedule: PayoutSchedule; payoutsEnabled: boolean }> {
  const [row] = await db
    .select({
      interval: payoutAccounts.scheduleInterval,
      day: payoutAccounts.scheduleDay,
      minimumMinor: payoutAccounts.minimumMinor,
      holdDays: payoutAccounts.holdDays,
      payoutsEnabled: payoutAccounts.payoutsEnabled,
    })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.accountId, accountId));
  if (!row) return { schedule: { ...DEFAULT_PAYOUT_SCHEDULE, payoutAccount: false }, payoutsEnabled: false };
  const { payoutsEnabled, ...schedule } = row;
  return { schedule: { ...schedule, payoutAccount: true }, payoutsEnabled };
}
