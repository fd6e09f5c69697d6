import { sql, type SQL } from "drizzle-orm";

/**
 * An operator's payout schedule, judged by the product's clock in the operator's own zone
 * (accounts.timezone): daily; weekly on `schedule_day` (1 = Monday … 7 = Sunday); monthly on day
 * `schedule_day` (1 to 28, so every month has it). SQL over `payout_accounts pa` joined with
 * `accounts a`.
 */
export const scheduledToday: SQL = sql`(case pa.schedule_interval
  when 'daily' then true
  when 'weekly' then extract(isodow from app_now() at time zone a.timezone) = pa.schedule_day
  else extract(day from app_now() at time zone a.timezone) = pa.schedule_day
end)`;

/** The start of today in the operator's zone (`accounts a`), as an instant. */
export const operatorDayStart: SQL = sql`(date_trunc('day', app_now() at time zone a.timezone) at time zone a.timezone)`;

/** Today's date (YYYY-MM-DD) in the operator's zone (`accounts a`). */
export const operatorToday: SQL = sql`(app_now() at time zone a.timezone)::date`;
