import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, bookings, experiences, services, slots, type BookingRow } from "../db/schema";
import type { BookingView } from "~contract/bookings";

/**
 * A booking can be cancelled by its guest while it is held (the hold is released), or when it
 * is confirmed and its departure starts more than the operator's cutoff from now.
 */
export const canCancelSql = sql<boolean>`(
  (${bookings.status} = 'held' and ${bookings.holdExpiresAt} > now())
  or (${bookings.status} = 'confirmed' and ${slots.startsAt} > now() + make_interval(hours => ${accounts.cancellationCutoffHours}))
)`;

const viewColumns = {
  booking: bookings,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  experienceTitle: experiences.title,
  meetingPoint: experiences.meetingPoint,
  serviceName: services.name,
  operatorName: accounts.name,
  timezone: accounts.timezone,
  cancellationCutoffHours: accounts.cancellationCutoffHours,
  canCancel: canCancelSql,
};

/** Bookings joined with their departure, service, experience and operator (one query, no N+1). */
export function bookingViewQuery(db: Db) {
  return db
    .select(viewColumns)
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
    .innerJoin(accounts, eq(accounts.id, bookings.accountId));
}

export interface BookingViewRow {
  booking: BookingRow;
  startsAt: Date;
  endsAt: Date;
  experienceTitle: string;
  meetingPoint: string;
  serviceName: string;
  operatorName: string;
  timezone: string;
  cancellationCutoffHours: number;
  canCancel: boolean;
}

export function toBookingView(row: BookingViewRow): BookingView {
  const b = row.booking;
  return {
    id: b.id,
    status: b.status,
    experienceId: b.experienceId,
    experienceTitle: row.experienceTitle,
    serviceId: b.serviceId,
    serviceName: row.serviceName,
    operatorName: row.operatorName,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timezone: row.timezone,
    seats: b.seats,
    tickets: b.tickets,
    subtotalMinor: b.subtotalMinor,
    discountMinor: b.discountMinor,
    feesMinor: b.feesMinor,
    taxMinor: b.taxMinor,
    totalMinor: b.totalMinor,
    currency: b.currency,
    promoCode: b.promoCode,
    canCancel: Boolean(row.canCancel),
    cancellationCutoffHours: row.cancellationCutoffHours,
    refundMinor: b.refundMinor,
    holdExpiresAt: b.status === "held" && b.holdExpiresAt ? b.holdExpiresAt.toISOString() : null,
    createdAt: b.createdAt.toISOString(),
    paymentStatus: b.paymentStatus,
  };
}

/** One booking's view row, or null. */
export async function findBookingView(db: Db, id: string): Promise<BookingViewRow | null> {
  const [row] = await bookingViewQuery(db).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}
