/**
 * What a booking's change tells the operator's webhooks (issue 47, item 4), written in the
 * change's own transaction from its few central places: the confirmation (fulfilment.ts), the
 * release of a confirmed booking (cancellations of every kind), and the move to another departure
 * (reschedule.ts). Each also says how the departures' seats stand (`availability.changed`), and
 * tells the listeners added with `onBookingChange`.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings, experiences, slots } from "../db/schema";
import { bookingReference } from "../ids";
import { enqueueWebhookEvent, subscribedEvents } from "../webhooks/events";
import { seatsLeftSql } from "./seats";
import { withDeparture } from "./view";

/** A departure's seats as `availability.changed` tells them. */
async function availabilityData(tx: Db, slotId: string) {
  const [row] = await tx
    .select({
      departureId: slots.id,
      serviceId: slots.serviceId,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      status: slots.status,
      capacity: slots.capacity,
      seatsTaken: slots.seatsTaken,
      seatsLeft: seatsLeftSql(),
    })
    .from(slots)
    .where(eq(slots.id, slotId));
  return row
    ? {
        ...row,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        seatsLeft: Number(row.seatsLeft),
      }
    : null;
}

async function announceAvailability(tx: Db, accountId: string, experienceId: string, slotId: string): Promise<void> {
  if (!(await subscribedEvents(tx, accountId)).has("availability.changed")) return;
  const data = await availabilityData(tx, slotId);
  if (data) await enqueueWebhookEvent(tx, accountId, "availability.changed", { ...data, experienceId });
}

type BookingChange = "booking.created" | "booking.cancelled" | "booking.changed";

/** The booking a change is about: its reseller's, if any, is told too (api/octo/webhooks.ts). */
type ChangedBooking = { id: string; accountId: string; resellerId: string | null };

/** Told of every booking change in its transaction, beside the operator's webhooks (OCTO's notices: api/octo/webhooks.ts). */
export type BookingChangeListener = (tx: Db, booking: ChangedBooking, type: BookingChange) => Promise<void>;
const listeners = new Set<BookingChangeListener>();

/** Adds a listener to every booking change (once however often it is added). */
export function onBookingChange(listener: BookingChangeListener): void {
  listeners.add(listener);
}

/**
 * `booking.created` (confirmed), `booking.cancelled` or `booking.changed` (moved from the
 * departure `from`) for the booking, then `availability.changed` for each departure it touched.
 */
export async function announceBookingChange(
  tx: Db,
  booking: ChangedBooking,
  type: BookingChange,
  from?: { slotId: string; startsAt: Date },
): Promise<void> {
  for (const listener of listeners) await listener(tx, booking, type);
  // Most operators have no webhooks: one small query and nothing else.
  if ((await subscribedEvents(tx, booking.accountId)).size === 0) return;
  const bookingId = booking.id;
  const [row] = await withDeparture(
    tx
      .select({
        booking: bookings,
        experienceTitle: experiences.title,
        timezone: experiences.timezone,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
      })
      .from(bookings)
      .$dynamic(),
  ).where(eq(bookings.id, bookingId));
  if (!row) return;
  await enqueueWebhookEvent(tx, row.booking.accountId, type, {
    bookingId: row.booking.id,
    reference: bookingReference(row.booking.id),
    status: row.booking.status,
    channel: row.booking.channel,
    experienceId: row.booking.experienceId,
    experienceTitle: row.experienceTitle,
    serviceId: row.booking.serviceId,
    departureId: row.booking.slotId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timezone,
    seats: row.booking.seats,
    tickets: row.booking.tickets,
    totalMinor: row.booking.totalMinor,
    currency: row.booking.currency,
    ...(from ? { previousDepartureId: from.slotId, previousStartsAt: from.startsAt.toISOString() } : {}),
  });
  await announceAvailability(tx, row.booking.accountId, row.booking.experienceId, row.booking.slotId);
  if (from && from.slotId !== row.booking.slotId)
    await announceAvailability(tx, row.booking.accountId, row.booking.experienceId, from.slotId);
}
