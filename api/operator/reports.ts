import { sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_OCCUPANCY_WEEKS,
  DEFAULT_REPORT_DAYS,
  type OccupancyDeparture,
  type OperatorReport,
  type ReportFigures,
} from "~contract/operator/reports";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import type { AccountRow } from "../db/schema";
import { addLocalDays, localDateOf, localToUtc } from "../schedules/expand";
import { onLocalDays } from "../schedules/local-days";

type Row = Record<string, unknown>;

/**
 * A booking's (`b`) platform part, as bookingSides (api/ledger/movements.ts) decides it: the
 * commission on the total at the booking's rate (rounded half up; none for a booking sold before
 * commissions), never less than the service fee, never more than the total.
 */
const platformPartSql = sql`least(b.total_minor, greatest(b.fees_minor,
  floor((b.total_minor * coalesce(b.commission_bps, 0) + 5000) / 10000)))`;

/** round(part × n / total), half up, exactly: the ledger's roundedShare, over each_refund's row. */
const shareSql = (part: SQL, upto: SQL) =>
  sql`floor((2 * (${part})::numeric * (${upto}) + total_minor) / (2 * total_minor))`;

/**
 * What refunds of a booking that came to `p` within the policy and `g` of goodwill took back of the
 * platform's part, as refundedSides does: its shares of what was within the policy (the service fee's
 * and the commission's; the operator's part, the largest, takes the rounding rest), and whatever
 * goodwill went beyond what was left of the operator's part.
 */
const platformBackAt = (p: SQL, g: SQL) => {
  const inProportion = sql`(${shareSql(sql`fees_minor`, p)} + ${shareSql(sql`platform - fees_minor`, p)})`;
  return sql`(${inProportion} + greatest(0, ${g} - (total_minor - platform - ((${p}) - ${inProportion}))))`;
};

/** What one refund (a row of each_refund) gives back of the platform's part: counted over the booking's refunds so far. */
const platformBackSql = sql`case when total_minor > 0 then
  ${platformBackAt(sql`upto_p`, sql`upto_g`)}
  - ${platformBackAt(sql`upto_p - (amount_minor - goodwill_minor)`, sql`upto_g - goodwill_minor`)}
  else 0 end`;

const figures = (row: Row): ReportFigures => ({
  bookings: Number(row.bookings),
  guests: Number(row.guests),
  revenueMinor: Number(row.revenue),
  platformFeesMinor: Number(row.fees),
  refundsMinor: Number(row.refunds),
  tipsMinor: Number(row.tips),
  netMinor: Number(row.net),
});

/**
 * GET /v1/operator/report: the figures of every local day of [from, to] in the operator's zone
 * and their totals, summed by the database in one statement (days without activity are zeros,
 * from generate_series), and the occupancy of the departures of the next `weeks` weeks (a second
 * statement). Each figure counts on the local day of its own moment: a booking when it was
 * confirmed, a refund when it was decided, a tip when it was paid. The platform's fees are its part
 * of the bookings, less the share each refund gives back, by the ledger's rules in SQL (see
 * platformPartSql and platformBackSql: tests/api/operator/reports.test.ts holds them to the
 * ledger's functions), and net what the operator receives.
 */
export async function readReport(
  db: Db,
  account: AccountRow,
  query: { from?: string; to?: string; weeks?: number },
): Promise<OperatorReport> {
  const zone = account.timezone;
  const today = localDateOf(clockNow(), zone);
  const to = query.to ?? today;
  const from = query.from ?? addLocalDays(today, 1 - DEFAULT_REPORT_DAYS);
  const start = localToUtc(from, "00:00", zone).toISOString();
  const end = localToUtc(addLocalDays(to, 1), "00:00", zone).toISOString();
  const rows = await queryRows<Row>(
    db,
    sql`
    with days as (
      select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    ),
    booked as (
      select (b.confirmed_at at time zone ${zone})::date as day, count(*) as bookings,
             sum(b.seats) as guests, sum(b.total_minor) as revenue, sum(${platformPartSql}) as fees
      from bookings b
      where b.account_id = ${account.id} and b.confirmed_at >= ${start}::timestamptz
        and b.confirmed_at < ${end}::timestamptz
      group by 1
    ),
    each_refund as (
      -- Every refund of the operator's bookings up to the range's end, with what its booking's
      -- refunds came to before it and with it (the shares are counted over all of them).
      select r.created_at, r.amount_minor, r.goodwill_minor, b.total_minor, b.fees_minor,
             ${platformPartSql} as platform,
             sum(r.amount_minor - r.goodwill_minor) over (partition by r.booking_id order by r.created_at, r.id) as upto_p,
             sum(r.goodwill_minor) over (partition by r.booking_id order by r.created_at, r.id) as upto_g
      from booking_refunds r join bookings b on b.id = r.booking_id
      where r.account_id = ${account.id} and r.created_at < ${end}::timestamptz
    ),
    refunded as (
      select (created_at at time zone ${zone})::date as day, sum(amount_minor) as refunds,
             sum(${platformBackSql}) as fees_back
      from each_refund
      where created_at >= ${start}::timestamptz
      group by 1
    ),
    tipped as (
      select (t.paid_at at time zone ${zone})::date as day, sum(t.amount_minor) as tips
      from tips t join bookings b on b.id = t.booking_id
      where b.account_id = ${account.id} and t.status = 'paid'
        and t.paid_at >= ${start}::timestamptz and t.paid_at < ${end}::timestamptz
      group by 1
    ),
    per_day as (
      select to_char(days.day, 'YYYY-MM-DD') as date,
             coalesce(booked.bookings, 0) as bookings, coalesce(booked.guests, 0) as guests,
             coalesce(booked.revenue, 0) as revenue, coalesce(refunded.refunds, 0) as refunds,
             coalesce(booked.fees, 0) - coalesce(refunded.fees_back, 0) as fees,
             coalesce(tipped.tips, 0) as tips
      from days
      left join booked on booked.day = days.day
      left join refunded on refunded.day = days.day
      left join tipped on tipped.day = days.day
    )
    select date, bookings, guests, revenue, fees, refunds, tips, revenue - refunds - fees as net from per_day
    union all
    select null, sum(bookings), sum(guests), sum(revenue), sum(fees), sum(refunds), sum(tips),
           sum(revenue - refunds - fees) from per_day
    order by date nulls last`,
  );
  const totals = rows.find((row) => row.date === null)!;
  const weeks = query.weeks ?? DEFAULT_OCCUPANCY_WEEKS;
  const occupancyTo = addLocalDays(today, weeks * 7 - 1);
  const occupancy = await queryRows<Row>(
    db,
    sql`
    select s.id, e.title as experience_title, sv.name as service_name, s.starts_at,
           to_char(s.starts_at at time zone e.timezone, 'YYYY-MM-DD') as local_date,
           to_char(s.starts_at at time zone e.timezone, 'HH24:MI') as local_time, e.timezone,
           s.capacity, s.seats_taken, s.status,
           case when s.capacity = 0 then 0 else round(100.0 * s.seats_taken / s.capacity)::int end as percent
    from slots s
    join services sv on sv.id = s.service_id
    join experiences e on e.id = sv.experience_id
    where e.account_id = ${account.id} and s.status <> 'cancelled'
      and ${onLocalDays(sql`s.starts_at`, sql`e.timezone`, today, occupancyTo)}
    order by s.starts_at, e.title, s.id`,
  );
  return {
    from,
    to,
    timeZone: zone,
    currency: account.currency,
    days: rows.filter((row) => row.date !== null).map((row) => ({ date: String(row.date), ...figures(row) })),
    totals: figures(totals),
    occupancy: {
      from: today,
      to: occupancyTo,
      weeks,
      departures: occupancy.map((row): OccupancyDeparture => ({
        id: String(row.id),
        experienceTitle: String(row.experience_title),
        serviceName: String(row.service_name),
        startsAt: new Date(row.starts_at as string).toISOString(),
        localDate: String(row.local_date),
        localTime: String(row.local_time),
        timezone: String(row.timezone),
        capacity: Number(row.capacity),
        seatsTaken: Number(row.seats_taken),
        percent: Number(row.percent),
        status: row.status === "closed" ? "closed" : "open",
      })),
    },
  };
}
