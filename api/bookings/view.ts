import { geoPointOf } from "~contract/catalog/geo";
import { eq, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { accounts, bookings, experiences, services, slots, type BookingRefundRow, type BookingRow } from "../db/schema";
import type { BookingView } from "~contract/bookings/requests";
import { clockNow } from "../clock";
import { freeCancellationUntil } from "./cancellation-deadline";
import { unpaidBalance } from "~contract/bookings/deposit-rules";
import { answersView, depositView } from "./booking-parts";
import { bookingPickupOf } from "./pickup-points";

export const checkedInGuestsSql = sql<number>`(select count(*) from booking_check_ins ci where ci.booking_id = ${bookings.id} and ci.status = 'checked_in')::int`;

/**
 * The free-cancellation window is still open for a booking (its departure starts more than the
 * operator's cutoff from now): the rule cancelling and rescheduling share, for queries of bookings
 * joined to their slot only.
 */
export const freeCancellationOpenSql = sql<boolean>`${slots.startsAt} > app_now() + make_interval(hours => (select cancellation_cutoff_hours from accounts where id = ${bookings.accountId}))`;

/**
 * A booking can be cancelled by its guest while it is held (the hold is released), or when it
 * is confirmed, none of its guests is checked in, and its departure starts more than the
 * operator's cutoff from now.
 */
export const canCancelSql = sql<boolean>`(
  (${bookings.status} = 'held' and ${bookings.holdExpiresAt} > app_now())
  or (${bookings.status} = 'confirmed' and ${slots.startsAt} > app_now() + make_interval(hours => ${accounts.cancellationCutoffHours})
      and ${checkedInGuestsSql} = 0)
)`;

const viewColumns = {
  booking: bookings,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  experienceTitle: experiences.title,
  meetingPoint: experiences.meetingPoint,
  meetingPointLat: experiences.meetingPointLat,
  meetingPointLng: experiences.meetingPointLng,
  included: experiences.included,
  serviceName: services.name,
  operatorName: accounts.name,
  operatorLogoUrl: accounts.logoUrl,
  operatorPrimaryColor: accounts.primaryColor,
  operatorInkColor: accounts.inkColor,
  operatorContactEmail: accounts.contactEmail,
  operatorContactPhone: accounts.contactPhone,
  timezone: experiences.timezone,
  cancellationCutoffHours: accounts.cancellationCutoffHours,
  canCancel: canCancelSql,
  checkedInGuests: checkedInGuestsSql,
  reviewed: sql<boolean>`exists (select 1 from reviews r where r.booking_id = ${bookings.id})`,
};

/** A query of bookings (`.$dynamic()`) joined with their departure, service and experience. */
export function withDeparture<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(experiences, eq(experiences.id, bookings.experienceId));
}

/** Bookings joined with their departure, service, experience and operator (one query, no N+1). */
export function bookingViewQuery(db: Db) {
  return withDeparture(db.select(viewColumns).from(bookings).$dynamic()).innerJoin(
    accounts,
    eq(accounts.id, bookings.accountId),
  );
}

export interface BookingViewRow {
  booking: BookingRow;
  startsAt: Date;
  endsAt: Date;
  experienceTitle: string;
  meetingPoint: string;
  meetingPointLat: number | null;
  meetingPointLng: number | null;
  /** What the operator listed as included (the experience's page "What's included"). */
  included: string[];
  serviceName: string;
  operatorName: string;
  operatorLogoUrl: string | null;
  operatorPrimaryColor: string;
  operatorInkColor: string;
  /** How guests reach the operator (their branding's support email and phone), where set. */
  operatorContactEmail: string | null;
  operatorContactPhone: string | null;
  timezone: string;
  cancellationCutoffHours: number;
  canCancel: boolean;
  checkedInGuests: number;
  reviewed: boolean;
}

import { bookingReference } from "../ids";

/** A refund as the guest sees it (BookingView.refunds). */
export function toBookingRefund(refund: BookingRefundRow): BookingView["refunds"][number] {
  return {
    id: refund.id,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    status: refund.status,
    createdAt: refund.createdAt.toISOString(),
    madeAt: refund.madeAt?.toISOString() ?? null,
  };
}

/** The booking as its guest reads it, with its refunds (oldest first; none for a booking just placed). */
export function toBookingView(row: BookingViewRow, refunds: readonly BookingRefundRow[] = []): BookingView {
  const b = row.booking;
  const held = b.status === "held" && b.holdExpiresAt !== null && b.holdExpiresAt > clockNow();
  const paid = b.paymentStatus === "paid" && b.totalMinor > 0 && (b.paymentIntentId !== null || b.giftCardMinor > 0);
  return {
    id: b.id,
    reference: bookingReference(b.id),
    status: b.status,
    experienceId: b.experienceId,
    experienceTitle: row.experienceTitle,
    serviceId: b.serviceId,
    serviceName: row.serviceName,
    operatorName: row.operatorName,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timezone: row.timezone,
    meetingPoint: row.meetingPoint,
    meetingPointLocation: geoPointOf(row.meetingPointLat, row.meetingPointLng),
    seats: b.seats,
    tickets: b.tickets,
    addOns: b.addOns,
    privatePriceMinor: b.privatePriceMinor,
    pickup: bookingPickupOf(b.pickup, row.startsAt, row.timezone),
    subtotalMinor: b.subtotalMinor,
    discountMinor: b.discountMinor,
    feesMinor: b.feesMinor,
    taxMinor: b.taxMinor,
    totalMinor: b.totalMinor,
    currency: b.currency,
    promoCode: b.promoCode,
    giftCardMinor: b.giftCardMinor,
    canCancel: Boolean(row.canCancel),
    moveOffered: b.status === "confirmed" && b.moveOfferedAt !== null && row.startsAt > clockNow(),
    canReview: b.status === "confirmed" && row.endsAt <= clockNow() && !row.reviewed,
    reviewed: Boolean(row.reviewed),
    cancellationCutoffHours: row.cancellationCutoffHours,
    // Only a booking that still stands can be cancelled for free (a held one, once paid).
    freeCancellationUntil:
      b.status === "held" || b.status === "confirmed"
        ? freeCancellationUntil(row.startsAt, row.cancellationCutoffHours)
        : null,
    refundMinor: b.refundMinor,
    // What is left of the payment after the operator's earlier refunds, if any.
    refundIfCancelledMinor:
      row.canCancel && b.status === "confirmed" && paid
        ? Math.max(0, b.totalMinor - unpaidBalance(b) - refunds.reduce((sum, refund) => sum + refund.amountMinor, 0))
        : 0,
    checkoutUrl: held ? b.checkoutUrl : null,
    holdExpiresAt: b.status === "held" && b.holdExpiresAt ? b.holdExpiresAt.toISOString() : null,
    createdAt: b.createdAt.toISOString(),
    paymentStatus: b.paymentStatus,
    confirmedAt: b.confirmedAt?.toISOString() ?? null,
    card: b.cardBrand && b.cardLast4 ? { brand: b.cardBrand, last4: b.cardLast4 } : null,
    ticketCode: b.status === "confirmed" ? b.ticketCode : null,
    checkedInGuests: Number(row.checkedInGuests),
    refunds: refunds.map(toBookingRefund),
    answers: answersView(b),
    // The same deadline as a free cancellation (held ones too, while their hold lasts).
    canChangeAnswers:
      b.questions.length > 0 &&
      (held || b.status === "confirmed") &&
      freeCancellationUntil(row.startsAt, row.cancellationCutoffHours) !== null,
    deposit: depositView(b),
  };
}

/** One booking's view row, or null. */
export async function findBookingView(db: Db, id: string): Promise<BookingViewRow | null> {
  const [row] = await bookingViewQuery(db).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}
