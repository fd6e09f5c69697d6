import { sql } from "drizzle-orm";
import type { CalendarView, GlanceDeparture, OperatorCalendar } from "~contract/operator/week";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { bookingCheckIns, bookings, experiences, slots } from "../db/schema";
import type { Member } from "../members/guard";
import { addLocalDays, daysBetween, localDateOf } from "../schedules/expand";
import { departuresOnLocalDays } from "./manifest";

/** Seats of the departure's confirmed bookings. */
export const seatsSoldSql = sql<number>`coalesce((select sum(${bookings.seats}) from ${bookings} where ${bookings.slotId} = ${slots.id} and ${bookings.status} = 'confirmed'), 0)::int`;

/** Guests of the departure's confirmed bookings checked in so far. */
const checkedInSql = sql<number>`(select count(*) from ${bookingCheckIns} join ${bookings} on ${bookings.id} = ${bookingCheckIns.bookingId} where ${bookings.slotId} = ${slots.id} and ${bookings.status} = 'confirmed' and ${bookingCheckIns.status} = 'checked_in')::int`;

export type DatedDeparture = GlanceDeparture & { date: string };

/**
 * The departures `member` may see (a guide: those assigned to them) starting on the local dates
 * `from`…`through`, each on its own experience's day, with seats sold, check-ins so far and the
 * guide: one query whatever the range holds.
 */
export async function glanceDepartures(
  db: Db,
  member: Member,
  from: string,
  through: string,
): Promise<DatedDeparture[]> {
  const rows = await departuresOnLocalDays(db, member, from, through, {
    localDate: sql<string>`to_char(${slots.startsAt} at time zone ${experiences.timezone}, 'YYYY-MM-DD')`,
    seatsSold: seatsSoldSql,
    checkedIn: checkedInSql,
  });
  return rows.map((row) => ({
    date: row.localDate,
    id: row.id,
    experienceId: row.experienceId,
    experienceTitle: row.experienceTitle,
    serviceName: row.serviceName,
    startsAt: row.startsAt.toISOString(),
    timezone: row.timezone,
    status: row.status,
    capacity: row.capacity,
    seatsSold: Number(row.seatsSold),
    checkedIn: Number(row.checkedIn),
    guide: row.guideUserId ? { userId: row.guideUserId, name: row.guideName ?? row.guideUserId } : null,
  }));
}

/** 0 = Monday … 6 = Sunday, of a local date. */
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The first and last day of the view holding `date`: its week (Monday to Sunday) or its month. */
export function viewRange(view: CalendarView, date: string): { from: string; to: string } {
  if (view === "week") {
    const from = addLocalDays(date, -weekdayOf(date));
    return { from, to: addLocalDays(from, 6) };
  }
  const from = `${date.slice(0, 7)}-01`;
  const nextMonth = addLocalDays(from, 32).slice(0, 7);
  return { from, to: addLocalDays(`${nextMonth}-01`, -1) };
}

/** `date` grouped: every day of from…to in order, with its departures (in start order). */
export function byDay(from: string, to: string, departures: DatedDeparture[]) {
  const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => ({
    date: addLocalDays(from, i),
    departures: [] as GlanceDeparture[],
  }));
  const index = new Map(days.map((day) => [day.date, day]));
  for (const { date, ...departure } of departures) index.get(date)?.departures.push(departure);
  return days;
}

/** GET /v1/operator/calendar: the week or month holding `from` (default today in the operator's zone). */
export async function readCalendar(
  db: Db,
  member: Member,
  query: { from?: string; view?: CalendarView },
): Promise<OperatorCalendar> {
  const view = query.view ?? "week";
  const today = localDateOf(clockNow(), member.account.timezone);
  const { from, to } = viewRange(view, query.from ?? today);
  const departures = await glanceDepartures(db, member, from, to);
  const previous = viewRange(view, addLocalDays(from, -1)).from;
  const next = addLocalDays(to, 1);
  return { view, from, to, previous, next, today, days: byDay(from, to, departures) };
}
