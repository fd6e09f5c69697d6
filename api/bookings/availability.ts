import { and, eq, sql } from "drizzle-orm";
import { serviceJoins } from "../db/joins";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { accounts, experiences, services, type AccountRow } from "../db/schema";
import { notFound, validationError } from "../http/errors";
import { isPublished } from "../catalog/fragments";
import { zonedTimeToUtc } from "../db/seed-data/zoned-time";
import { freeCancellationUntil } from "./cancellation-deadline";
import { localDate } from "./format";
import {
  DEFAULT_WINDOW_DAYS,
  FEW_SEATS,
  MAX_WINDOW_DAYS,
  type Availability,
  type AvailabilityDay,
  type AvailabilityQuery,
} from "~contract/bookings/requests";
import { clockNow } from "../clock";

const DAY_MS = 86_400_000;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** from defaults to today in the operator's timezone, to to from + 41 days; at most 62 days. */
export function availabilityWindow(
  query: AvailabilityQuery,
  timezone: string,
  now = clockNow(),
): { from: string; to: string } {
  const from = query.from ?? localDate(now, timezone);
  const to = query.to ?? addDays(from, DEFAULT_WINDOW_DAYS - 1);
  const span = daysBetween(from, to);
  if (span < 0) throw validationError({ to: ["Must not be before from."] });
  if (span >= MAX_WINDOW_DAYS) throw validationError({ to: [`Ask for at most ${MAX_WINDOW_DAYS} days at once.`] });
  return { from, to };
}

interface SlotLine {
  first_at: string | null;
  last_at: string | null;
  id: string | null;
  starts_at: string | null;
  ends_at: string | null;
  capacity: number | null;
  seats_left: number | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * GET /v1/experiences/{parentId}/services/{serviceId}/availability: the service lookup (tenant
 * scoped like the catalog), then ONE query for the window's departures and the bookable range,
 * on the (service_id, starts_at) index. Departures not on sale are left out: started, within the
 * service's online cut-off of their start, closed or cancelled by the operator.
 *
 * Seats of holds that have expired but not been swept yet count as free here (arithmetic in the
 * query, no write): a public GET stays read-only and cheap, the answer is as if the sweep had
 * just run, and the sweep itself runs every 30 s and right before anybody takes seats.
 */
export async function getAvailability(
  db: Db,
  experienceId: string,
  serviceId: string,
  query: AvailabilityQuery,
  scope: AccountRow | null,
): Promise<Availability> {
  const [service] = await serviceJoins(
    db
      .select({
        timezone: experiences.timezone,
        salesCutoffMinutes: services.salesCutoffMinutes,
        currency: accounts.currency,
        cancellationCutoffHours: accounts.cancellationCutoffHours,
      })
      .from(services)
      .$dynamic(),
  )
    .where(
      and(
        eq(services.id, serviceId),
        eq(experiences.id, experienceId),
        isPublished(),
        ...(scope ? [eq(accounts.id, scope.id)] : []),
      ),
    )
    .limit(1);
  if (!service) throw notFound(`No service "${serviceId}" for experience "${experienceId}".`);
  const { timezone, currency, cancellationCutoffHours, salesCutoffMinutes } = service;
  const { from, to } = availabilityWindow(query, timezone);

  // Operator-local days are computed here, with the same timezone data as the seed and the
  // emails (Node's ICU), not with the database's: PGlite bundles newer tzdata than Node and
  // the system PostgreSQL (they disagree on America/Vancouver from November 2026).
  const windowStart = zonedTimeToUtc(new Date(`${from}T00:00:00Z`), "00:00", timezone);
  const windowEnd = zonedTimeToUtc(new Date(`${addDays(to, 1)}T00:00:00Z`), "00:00", timezone);
  const rows = await queryRows<SlotLine>(
    db,
    sql`
    with bounds as (
      select min(starts_at) as first_at, max(starts_at) as last_at
      from slots where service_id = ${serviceId} and status = 'open'
        and starts_at > app_now() + make_interval(mins => ${salesCutoffMinutes})
    ),
    expired_holds as (
      select slot_id, sum(seats)::int as seats from bookings
      where service_id = ${serviceId} and status = 'held' and hold_expires_at <= app_now()
      group by slot_id
    )
    select
      to_char(b.first_at at time zone 'UTC', ${sql.raw(ISO)}) as first_at,
      to_char(b.last_at at time zone 'UTC', ${sql.raw(ISO)}) as last_at,
      w.id, w.starts_at, w.ends_at, w.capacity, w.seats_left
    from bounds b
    left join lateral (
      select s.id,
        to_char(s.starts_at at time zone 'UTC', ${sql.raw(ISO)}) as starts_at,
        to_char(s.ends_at at time zone 'UTC', ${sql.raw(ISO)}) as ends_at,
        s.capacity,
        -- None for the public while people wait on its waitlist (api/waitlist): theirs by offer;
        -- none while a private booking holds it (issue 46).
        (case when s.private_booking_id is not null
            or exists (select 1 from waitlist_entries we where we.slot_id = s.id and we.status in ('waiting', 'offered'))
          then 0 else greatest(0, s.capacity - s.seats_taken + coalesce(x.seats, 0)) end)::int as seats_left,
        s.starts_at as sort_key
      from slots s
      left join expired_holds x on x.slot_id = s.id
      where s.service_id = ${serviceId}
        and s.status = 'open'
        and s.starts_at > app_now() + make_interval(mins => ${salesCutoffMinutes})
        and s.starts_at >= ${windowStart.toISOString()}::timestamptz
        and s.starts_at < ${windowEnd.toISOString()}::timestamptz
    ) w on true
    order by w.sort_key, w.id
  `,
  );

  const days: AvailabilityDay[] = [];
  for (const row of rows) {
    if (row.id === null || row.starts_at === null) continue;
    const date = localDate(new Date(row.starts_at), timezone);
    let day = days[days.length - 1];
    if (!day || day.date !== date) {
      day = { date, seatsLeft: 0, status: "sold_out", slots: [] };
      days.push(day);
    }
    const seatsLeft = Number(row.seats_left);
    day.slots.push({
      id: row.id,
      startsAt: row.starts_at!,
      endsAt: row.ends_at!,
      capacity: Number(row.capacity),
      seatsLeft,
      freeCancellationUntil: freeCancellationUntil(new Date(row.starts_at), cancellationCutoffHours),
    });
    day.seatsLeft += seatsLeft;
  }
  for (const day of days)
    day.status = day.seatsLeft === 0 ? "sold_out" : day.seatsLeft <= FEW_SEATS ? "few" : "available";
  const first = rows[0]?.first_at;
  const last = rows[0]?.last_at;
  return {
    timezone,
    currency,
    minDate: first ? localDate(new Date(first), timezone) : null,
    maxDate: last ? localDate(new Date(last), timezone) : null,
    days,
  };
}
