/** A departure's seats: how many are left, taking them, giving them back. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings, services, slots, waitlistEntries } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { kickWaitlist } from "./seats-freed";

/**
 * People wait for this departure (waiting or offered entries of its waitlist): its freed seats
 * are theirs, offered in line order by the due work (api/waitlist), not sold to the public.
 */
export function waitlistActiveSql(slotId = slots.id) {
  return sql<boolean>`exists (select 1 from ${waitlistEntries}
    where ${waitlistEntries.slotId} = ${slotId} and ${waitlistEntries.status} in ('waiting', 'offered'))`;
}

/**
 * Seats a slot can still sell to the public: capacity minus seats taken, where seats of holds
 * that have expired but not been swept yet count as free (the sweep gives them back for real
 * before anybody takes seats); none while people wait on its waitlist, nor while a private
 * booking holds it. Use inside a select from `slots`.
 */
export function seatsLeftSql(slotId = slots.id) {
  return sql<number>`(case when ${waitlistActiveSql(slotId)} or ${slots.privateBookingId} is not null then 0 else greatest(0, ${slots.capacity} - ${slots.seatsTaken} + coalesce((
    select sum(${bookings.seats}) from ${bookings}
    where ${bookings.slotId} = ${slotId} and ${bookings.status} = 'held' and ${bookings.holdExpiresAt} <= app_now()
  ), 0)) end)::int`;
}

export interface OpenSlot {
  id: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  seatsLeft: number;
}

/**
 * Online sales of a departure are open: the operator has not closed or cancelled it, and its
 * service's cut-off before its start has not been reached. Use in a statement on `slots`.
 */
export const onSaleSql = sql<boolean>`(${slots.status} = 'open' and ${slots.startsAt} > app_now() + make_interval(mins => (
  select ${services.salesCutoffMinutes} from ${services} where ${services.id} = ${slots.serviceId}
)))`;

/**
 * A departure of this service whose online sales are open; 404 slot_not_found when there is no
 * such departure or it has started, 409 sales_closed when the operator closed or cancelled it or
 * the service's cut-off before its start has passed.
 */
export async function loadOpenSlot(db: Db, slotId: string, serviceId: string): Promise<OpenSlot> {
  const [slot] = await db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      capacity: slots.capacity,
      seatsLeft: seatsLeftSql(),
      onSale: onSaleSql,
    })
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.serviceId, serviceId), sql`${slots.startsAt} > app_now()`))
    .limit(1);
  if (!slot) throw notFound("This time is not available: it does not exist or has already started.", "slot_not_found");
  if (!slot.onSale) throw salesClosed();
  const { onSale: _onSale, ...open } = slot;
  return { ...open, seatsLeft: Number(slot.seatsLeft) };
}

export const salesClosed = () =>
  conflict("Online sales for this time have closed. Choose another time.", "sales_closed");

/**
 * Takes `seats` seats of a departure that has not started, in one conditional update: the
 * database, not a read-then-write, refuses the extra seat (and the CHECK constraint
 * seats_taken <= capacity is the backstop). Concurrent callers queue on the slot's row lock,
 * and each re-checks the condition on the row as the previous one left it. While people wait on
 * the departure's waitlist none are sold this way (a waitlist offer is the way in).
 * Returns false when there are not enough seats (or its online sales have closed meanwhile).
 * `evenClosed` (the desk's staff bookings): a departure closed for online sales, or past its
 * cut-off, still sells its seats; a cancelled or started one does not. No seat is sold while a
 * private booking holds the departure; `privateFor` (a private booking's id, issue 46) takes it
 * whole, only while no seat of it is taken, and it names that booking until its seats come back.
 */
export async function takeSeats(
  db: Db,
  slotId: string,
  serviceId: string,
  seats: number,
  options: { evenClosed?: boolean; privateFor?: string } = {},
): Promise<boolean> {
  const rows = await db
    .update(slots)
    .set({
      seatsTaken: sql`${slots.seatsTaken} + ${seats}`,
      ...(options.privateFor ? { privateBookingId: options.privateFor } : {}),
    })
    .where(
      and(
        eq(slots.id, slotId),
        eq(slots.serviceId, serviceId),
        sql`${slots.seatsTaken} + ${seats} <= ${slots.capacity}`,
        isNull(slots.privateBookingId),
        options.privateFor ? eq(slots.seatsTaken, 0) : undefined,
        // The desk may book a departure closed for online sales (never a cancelled or started one).
        options.evenClosed ? sql`(${slots.status} <> 'cancelled' and ${slots.startsAt} > app_now())` : onSaleSql,
        sql`not ${waitlistActiveSql()}`,
      ),
    )
    .returning({ id: slots.id });
  return rows.length > 0;
}

/**
 * Gives a booking's seats back (the caller has just moved it out of held/confirmed, under its row
 * lock; a private booking opens its departure again), and asks for the waitlist's offering step
 * to run soon (it finds the freed seats itself).
 */
export async function releaseSeats(db: Db, slotId: string, seats: number, bookingId: string): Promise<void> {
  await db
    .update(slots)
    .set({
      seatsTaken: sql`${slots.seatsTaken} - ${seats}`,
      privateBookingId: sql`nullif(${slots.privateBookingId}, ${bookingId})`,
    })
    .where(eq(slots.id, slotId));
  kickWaitlist();
}
