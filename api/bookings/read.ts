/** The caller's bookings as they read them: one, a page of them, their payments, one as a calendar file. */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { alias } from "drizzle-orm/pg-core";
import { bookingChanges, bookings, slots, type AccountRow } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { bookingCalendar, bookingPath } from "./emails";
import { refundsOf } from "./refunds";
import { bookingViewQuery, findBookingView, toBookingView } from "./view";
import {
  BOOKINGS_PAGE_SIZE,
  type BookingFilter,
  type BookingPage,
  type BookingView,
} from "~contract/bookings/requests";

export const bookingNotFound = () => notFound("No such booking.", "booking_not_found");

/** The caller's bookings (in account mode, of that operator only). */
const mine = (userId: string, scope: AccountRow | null) => [
  eq(bookings.userId, userId),
  ...(scope ? [eq(bookings.accountId, scope.id)] : []),
];

/** The caller's booking (and, in account mode, of that operator only); otherwise 404. */
export function ownBooking(userId: string, scope: AccountRow | null, id: string): SQL {
  return and(eq(bookings.id, id), ...mine(userId, scope))!;
}

/** The caller's booking row (see ownBooking); otherwise 404 booking_not_found. */
export async function ownBookingRow(db: Db, userId: string, scope: AccountRow | null, id: string) {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(ownBooking(userId, scope, id))
    .limit(1);
  if (!booking) throw bookingNotFound();
  return booking;
}

export async function getBooking(db: Db, userId: string, scope: AccountRow | null, id: string): Promise<BookingView> {
  const [row] = await bookingViewQuery(db)
    .where(ownBooking(userId, scope, id))
    .limit(1);
  if (!row) throw bookingNotFound();
  const [refunds, changes, pendingChange] = await Promise.all([
    refundsOf(db, [row.booking.id]),
    changesOf(db, row.booking.id),
    pendingChangeOf(db, row.booking.id),
  ]);
  return { ...toBookingView(row, refunds.get(row.booking.id)), changes, pendingChange };
}

const fromSlot = alias(slots, "from_slot");
const toSlot = alias(slots, "to_slot");

/** A booking's moves to other departures (booking_changes made), oldest first: one query. */
async function changesOf(db: Db, bookingId: string) {
  const rows = await db
    .select({
      fromStartsAt: fromSlot.startsAt,
      toStartsAt: toSlot.startsAt,
      priceDifferenceMinor: bookingChanges.priceDifferenceMinor,
      changedAt: sql<Date>`coalesce(${bookingChanges.completedAt}, ${bookingChanges.createdAt})`.mapWith(
        bookingChanges.createdAt,
      ),
    })
    .from(bookingChanges)
    .innerJoin(fromSlot, eq(fromSlot.id, bookingChanges.fromSlotId))
    .innerJoin(toSlot, eq(toSlot.id, bookingChanges.toSlotId))
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, "done")))
    .orderBy(asc(bookingChanges.completedAt), asc(bookingChanges.id));
  return rows.map((change) => ({
    fromStartsAt: change.fromStartsAt.toISOString(),
    toStartsAt: change.toStartsAt.toISOString(),
    priceDifferenceMinor: change.priceDifferenceMinor,
    changedAt: change.changedAt.toISOString(),
  }));
}

/** A move to a dearer departure waiting for its payment (its seats held), if any. */
async function pendingChangeOf(db: Db, bookingId: string) {
  const [row] = await db
    .select({ change: bookingChanges, toStartsAt: toSlot.startsAt, toEndsAt: toSlot.endsAt })
    .from(bookingChanges)
    .innerJoin(toSlot, eq(toSlot.id, bookingChanges.toSlotId))
    .where(
      and(
        eq(bookingChanges.bookingId, bookingId),
        eq(bookingChanges.status, "awaiting_payment"),
        sql`${bookingChanges.holdExpiresAt} > app_now()`,
      ),
    )
    .limit(1);
  if (!row?.change.checkoutUrl) return null;
  return {
    toStartsAt: row.toStartsAt.toISOString(),
    toEndsAt: row.toEndsAt.toISOString(),
    amountMinor: row.change.priceDifferenceMinor,
    currency: row.change.currency!,
    checkoutUrl: row.change.checkoutUrl,
    expiresAt: row.change.holdExpiresAt!.toISOString(),
  };
}

/** One page of the bookings that match, in this order, and how many match in all: two queries. */
async function bookingPage(db: Db, where: SQL, order: SQL[], page: number): Promise<BookingPage> {
  const pageSize = BOOKINGS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    bookingViewQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(bookings).innerJoin(slots, eq(slots.id, bookings.slotId)).where(where),
  ]);
  const n = Number(total);
  const refunds = await refundsOf(
    db,
    rows.map((row) => row.booking.id),
  );
  return {
    items: rows.map((row) => toBookingView(row, refunds.get(row.booking.id))),
    page,
    pageSize,
    total: n,
    totalPages: Math.ceil(n / pageSize),
  };
}

/**
 * GET /v1/bookings: upcoming (held or confirmed, not started; soonest first), past (confirmed,
 * started; latest first) or cancelled (cancelled or refunded; latest first). Two queries.
 */
export async function listBookings(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  filter: BookingFilter,
  page: number,
): Promise<BookingPage> {
  const own = mine(userId, scope);
  const [where, order] = {
    upcoming: [
      and(...own, inArray(bookings.status, ["held", "confirmed"]), sql`${slots.startsAt} > app_now()`),
      [asc(slots.startsAt), asc(bookings.id)],
    ],
    past: [
      and(...own, eq(bookings.status, "confirmed"), sql`${slots.startsAt} <= app_now()`),
      [desc(slots.startsAt), desc(bookings.id)],
    ],
    cancelled: [
      and(...own, inArray(bookings.status, ["cancelled", "refunded"])),
      [desc(sql`coalesce(${bookings.cancelledAt}, ${bookings.updatedAt})`), desc(bookings.id)],
    ],
  }[filter] as [SQL, SQL[]];
  return bookingPage(db, where, order, page);
}

/**
 * GET /v1/user/payments: the caller's bookings that money moved for (paid, or paid then
 * refunded), newest first, a page at a time.
 */
export async function listPayments(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  page: number,
): Promise<BookingPage> {
  const where = and(
    ...mine(userId, scope),
    inArray(bookings.paymentStatus, ["paid", "refunded"]),
    sql`${bookings.totalMinor} > 0`,
  )!;
  return bookingPage(db, where, [desc(bookings.createdAt), desc(bookings.id)], page);
}

/**
 * GET /v1/bookings/{id}/calendar: the booking as an .ics file, as it is now (the caller's own
 * only): a confirmed booking's event, or a cancelled one's, marked cancelled with a raised
 * SEQUENCE so a calendar that holds it updates it. A held or expired booking was never an event.
 */
export async function bookingCalendarFile(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
  origin: string,
): Promise<{ filename: string; content: string }> {
  const view = await getBooking(db, userId, scope, id);
  const row = (await findBookingView(db, view.id))!;
  const wasEvent = view.status === "confirmed" || (view.status === "cancelled" && row.booking.confirmedAt !== null);
  if (!wasEvent) throw conflict("Only a confirmed booking goes in a calendar.", "booking_not_confirmed");
  const link = new URL(bookingPath(view.id), origin).toString();
  return { filename: `${view.reference}.ics`, content: bookingCalendar(row, link) };
}
