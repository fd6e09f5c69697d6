import { and, eq, sql, type SQL } from "drizzle-orm";
import { guestSummary } from "~contract/bookings/guest-summary";
import {
  encodeBookingsCursor,
  MAX_BOOKINGS_CSV_ROWS,
  BOOKINGS_PAGE_SIZE,
  type BookingSort,
  type BookingsList,
  type BookingsListFilter,
  type BookingsListRow,
} from "~contract/operator/bookings";
import type { Db } from "../db/client";
import { bookings, experiences, resellers, services, slots, users } from "../db/schema";
import { bookingReference } from "../ids";
import { departuresOf, seesMoney, type Member } from "../members/guard";
import {
  guestContactColumns,
  guestContactOf,
  resellerColumns,
  resellerOf,
  withDepartureAndHolder,
} from "./guest-contact";
import { refundedSql } from "./manifest";
import { onLocalDays } from "../schedules/local-days";

/** The earliest and latest local dates a one-sided range stands for. */
const EARLIEST_DAY = "1970-01-01";
const LATEST_DAY = "9999-12-30";

/** `text` for LIKE: its own % and _ and \ taken literally. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * What `q` is looked for as, in the lower-cased search texts (migration 0044): a phone's digits
 * ("(303) 555-0101" → "3035550101"), a reference without its dashes ("WF-AB12-CD34" → "wfab12cd34"),
 * else the words as typed.
 */
export function searchTerm(q: string): string {
  const typed = q.trim().toLowerCase();
  const digits = typed.replace(/\D/g, "");
  if (/^[\d\s()+.-]+$/.test(typed) && digits.length >= 4) return digits;
  if (/^wf-?[0-9a-z]/.test(typed)) return typed.replace(/-/g, "");
  return typed;
}

/** A whole email address as typed ("rosa@example.com"): found by its own index, not by its trigrams. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A booking matches when its search text holds the term: its reference, ticket code and guest's
 * contact, and its account holder's name, email and phone (migrations 0044 and 0048). One trigram
 * index; the column's statistics tell the planner how common the term is, so a rare one is found
 * through the index and a common one by walking the page's order (docs/performance.md). A whole
 * email is the guest's or the holder's email itself: every address shares the trigrams of its
 * domain ("example.com", "gmail.com"), which the trigram index would read for every booking.
 */
function matching(accountId: string, q: string): SQL {
  const term = searchTerm(q);
  if (WHOLE_EMAIL.test(term)) {
    // A few rows by two small index scans, joined by id (an OR would walk every booking of the operator).
    return sql`${bookings.id} in (
      select own.id from ${bookings} own where own.account_id = ${accountId} and lower(own.guest_email) = ${term}
      union all
      select held.id from ${users} holder join ${bookings} held on held.user_id = holder.id
      where lower(holder.email) = ${term} and held.account_id = ${accountId})`;
  }
  return sql`${bookings.searchText} like ${`%${likeEscaped(term)}%`}`;
}

/** The sort's value as the cursor keeps it: UTC, to the microsecond (a JavaScript Date would lose them). */
const sortValue = (sort: BookingSort) =>
  sort === "created_desc"
    ? sql<string>`to_char(${bookings.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`
    : sql<string>`to_char(${slots.startsAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;

/** Rows after the cursor's, in the sort's order (keyset paging: the index walks on, nothing is skipped). */
function after(sort: BookingSort, at: string, id: string): SQL {
  const instant = sql`(${at}::timestamp at time zone 'UTC')`;
  if (sort === "created_desc") return sql`(${bookings.createdAt}, ${bookings.id}) < (${instant}, ${id})`;
  if (sort === "departure_desc") return sql`(${slots.startsAt}, ${bookings.id}) < (${instant}, ${id})`;
  return sql`(${slots.startsAt}, ${bookings.id}) > (${instant}, ${id})`;
}

function orderOf(sort: BookingSort): SQL[] {
  if (sort === "created_desc") return [sql`${bookings.createdAt} desc`, sql`${bookings.id} desc`];
  if (sort === "departure_desc") return [sql`${slots.startsAt} desc`, sql`${bookings.id} desc`];
  return [sql`${slots.startsAt} asc`, sql`${bookings.id} asc`];
}

/**
 * GET /v1/operator/bookings: this operator's bookings that match the filter, one page (or, for
 * the CSV, every match up to MAX_BOOKINGS_CSV_ROWS; `where`: a caller's own further condition). One query whatever the page holds. A guide's:
 * the bookings of departures assigned to them, without money.
 */
export async function listBookings(
  db: Db,
  member: Member,
  filter: BookingsListFilter,
  { everything = false, where }: { everything?: boolean; where?: SQL } = {},
): Promise<BookingsList> {
  const sort = filter.sort ?? "created_desc";
  const limit = everything ? MAX_BOOKINGS_CSV_ROWS : (filter.limit ?? BOOKINGS_PAGE_SIZE);
  const withMoney = seesMoney(member);
  const conditions: (SQL | undefined)[] = [
    eq(bookings.accountId, member.account.id),
    departuresOf(member),
    filter.q ? matching(member.account.id, filter.q) : undefined,
    filter.from || filter.to
      ? onLocalDays(slots.startsAt, experiences.timezone, filter.from ?? EARLIEST_DAY, filter.to ?? LATEST_DAY)
      : undefined,
    filter.experienceId ? eq(bookings.experienceId, filter.experienceId) : undefined,
    filter.status ? eq(bookings.status, filter.status) : undefined,
    filter.channel ? eq(bookings.channel, filter.channel) : undefined,
    filter.payment ? eq(bookings.paymentStatus, filter.payment) : undefined,
    filter.cursor && !everything ? after(sort, filter.cursor.at, filter.cursor.id) : undefined,
    where,
  ];
  const rows = await withDepartureAndHolder(
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        channel: bookings.channel,
        paymentStatus: bookings.paymentStatus,
        createdAt: bookings.createdAt,
        sortValue: sortValue(sort),
        slotId: slots.id,
        startsAt: slots.startsAt,
        timezone: experiences.timezone,
        experienceId: experiences.id,
        experienceTitle: experiences.title,
        serviceName: services.name,
        seats: bookings.seats,
        tickets: bookings.tickets,
        currency: bookings.currency,
        totalMinor: bookings.totalMinor,
        refundedMinor: refundedSql,
        ...guestContactColumns,
        ...resellerColumns,
      })
      .from(bookings)
      .$dynamic(),
  )
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(resellers, eq(resellers.id, bookings.resellerId))
    .where(and(...conditions))
    .orderBy(...orderOf(sort))
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    money: withMoney ? { currency: member.account.currency } : null,
    bookings: page.map((row): BookingsListRow => ({
      id: row.id,
      reference: bookingReference(row.id),
      status: row.status,
      channel: row.channel ?? "marketplace",
      paymentStatus: row.paymentStatus,
      createdAt: row.createdAt.toISOString(),
      departure: {
        id: row.slotId,
        startsAt: row.startsAt.toISOString(),
        timezone: row.timezone,
        experienceId: row.experienceId,
        experienceTitle: row.experienceTitle,
        serviceName: row.serviceName,
      },
      guest: guestContactOf(row),
      reseller: resellerOf(row),
      seats: row.seats,
      guestsLabel: guestSummary(row.tickets),
      money: withMoney
        ? { currency: row.currency, totalMinor: row.totalMinor, refundedMinor: Number(row.refundedMinor) }
        : null,
    })),
    nextCursor:
      !everything && rows.length > limit && last
        ? encodeBookingsCursor({ sort, at: last.sortValue, id: last.id })
        : null,
  };
}
