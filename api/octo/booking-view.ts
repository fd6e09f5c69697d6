/**
 * A reseller's bookings as OCTO answers them (issue 47): a booking of channel `reseller` read with
 * its departure, check-ins and cancellation window, its status in OCTO's words (held → ON_HOLD,
 * confirmed → CONFIRMED, or REDEEMED once a guest is checked in at the door, cancelled →
 * CANCELLED, a hold run out → EXPIRED), its voucher the booking's ticket code as a QR code. A
 * reseller reads only its own bookings: another's uuid is INVALID_BOOKING_UUID.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { OctoContact } from "~contract/octo/bookings";
import { OCTO_MAX_LISTED_BOOKINGS, type OctoListQuery } from "~contract/octo/bookings";
import type { OctoBooking, OctoBookingStatus } from "~contract/octo/outputs";
import type { Db } from "../db/client";
import { bookings, experiences, slots, type BookingRow } from "../db/schema";
import { checkedInGuestsSql, freeCancellationOpenSql, withDeparture } from "../bookings/view";
import { bookingReference } from "../ids";
import { onLocalDays } from "../schedules/local-days";
import { availabilityOf, departureColumns, octoLocal, octoUtc } from "./availability";
import { invalidBookingUuid } from "./errors";
import { orderNetMinor, unitNetMinor, type ResellerTerms } from "../resellers/commission";
import { pricingOf } from "./products";
import type { OctoCaller } from "./register";

export const NO_CONTACT: OctoContact = {
  fullName: null,
  firstName: null,
  lastName: null,
  emailAddress: null,
  phoneNumber: null,
  locales: [],
  postalCode: null,
  country: null,
  notes: null,
};

const viewColumns = {
  booking: bookings,
  ...departureColumns,
  zone: experiences.timezone,
  holdRanOut: sql<boolean>`(${bookings.holdExpiresAt} <= app_now())`,
  cancellationOpen: freeCancellationOpenSql,
  checkedIn: checkedInGuestsSql,
  redeemedAt: sql<
    string | null
  >`(select min(ci.at) from booking_check_ins ci where ci.booking_id = ${bookings.id} and ci.status = 'checked_in')`,
};

/** A reseller's booking with what its OCTO answer reads. */
export type ResellerBookingRow = Awaited<ReturnType<typeof readBookings>>[number];

/** Bookings with what their OCTO answers read, oldest first. */
export function readBookings(db: Db, where: SQL | undefined, limit: number) {
  return withDeparture(db.select(viewColumns).from(bookings).$dynamic())
    .where(where)
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(limit);
}

/** The caller's booking of this OCTO uuid, or null (another reseller's is no different from none). */
export async function findResellerBooking(caller: OctoCaller, uuid: string): Promise<BookingRow | null> {
  const [row] = await caller.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.resellerId, caller.reseller.id), eq(bookings.octoUuid, uuid)))
    .limit(1);
  return row ?? null;
}

/** The caller's booking of this uuid, or INVALID_BOOKING_UUID. */
export async function ownBooking(caller: OctoCaller, uuid: string): Promise<BookingRow> {
  const row = await findResellerBooking(caller, uuid);
  if (!row) throw invalidBookingUuid(uuid);
  return row;
}

/** The booking's OCTO status. */
export function octoStatusOf(row: Pick<ResellerBookingRow, "booking" | "holdRanOut" | "checkedIn">): OctoBookingStatus {
  switch (row.booking.status) {
    case "held":
      return row.holdRanOut ? "EXPIRED" : "ON_HOLD";
    case "confirmed":
      return Number(row.checkedIn) > 0 ? "REDEEMED" : "CONFIRMED";
    case "cancelled":
    case "refunded":
      return "CANCELLED";
    default:
      return "EXPIRED";
  }
}

/** OCTO's UTC times: whole seconds, as its examples and octoUtc write them. */
const iso = (at: Date | string | null) => (at === null ? null : octoUtc(new Date(at)));

/**
 * A booking row as OCTO's booking; with `terms` (`octo/pricing`), its prices in minor units, `net`
 * what the reseller owes: a confirmed booking's as fixed at its confirmation.
 */
export function toOctoBooking(row: ResellerBookingRow, terms: ResellerTerms | null): OctoBooking {
  const { booking } = row;
  const status = octoStatusOf(row);
  const reference = bookingReference(booking.id);
  const redeemedAt = iso(row.redeemedAt);
  const contact = booking.octoContact ?? NO_CONTACT;
  // Both delivery methods are offered, so a ticket is always there (OCTO): its code only once confirmed.
  const issued = status === "CONFIRMED" || status === "REDEEMED";
  const ticket = {
    redemptionMethod: "DIGITAL" as const,
    utcRedeemedAt: status === "REDEEMED" ? redeemedAt : null,
    deliveryOptions: issued ? [{ deliveryFormat: "QRCODE" as const, deliveryValue: booking.ticketCode }] : [],
  };
  const departure = {
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    capacity: row.capacity,
    seatsLeft: Number(row.seatsLeft),
    onSale: Boolean(row.onSale),
    cutoffMinutes: row.cutoffMinutes,
  };
  const unitPrice = (unitId: string) =>
    booking.tickets.find((line) => line.ticketTypeId === unitId)?.unitPriceMinor ?? 0;
  const unitPricing = (terms: ResellerTerms, unitId: string) =>
    pricingOf(unitPrice(unitId), booking.currency, unitNetMinor(terms, unitId, unitPrice(unitId)));
  return {
    id: booking.id,
    uuid: booking.octoUuid!,
    testMode: false,
    resellerReference: booking.resellerReference,
    supplierReference: reference,
    status,
    utcCreatedAt: octoUtc(booking.createdAt),
    utcUpdatedAt: octoUtc(booking.updatedAt),
    utcExpiresAt: status === "ON_HOLD" ? iso(booking.holdExpiresAt) : null,
    utcRedeemedAt: status === "REDEEMED" ? redeemedAt : null,
    utcConfirmedAt: iso(booking.confirmedAt),
    productId: booking.experienceId,
    optionId: booking.serviceId,
    cancellable:
      status === "ON_HOLD" || (status === "CONFIRMED" && Boolean(row.cancellationOpen) && Number(row.checkedIn) === 0),
    cancellation:
      status === "CANCELLED"
        ? {
            // A confirmed booking cancelled is not billed to the reseller at all; a hold never was.
            refund: booking.confirmedAt ? "FULL" : "NONE",
            reason: booking.cancellationReason,
            utcCancelledAt: octoUtc(booking.cancelledAt ?? booking.updatedAt),
          }
        : null,
    freesale: false,
    availabilityId: octoLocal(row.startsAt, row.zone),
    availability: availabilityOf(departure, row.zone),
    contact,
    notes: booking.notes,
    deliveryMethods: ["TICKET", "VOUCHER"],
    voucher: ticket,
    unitItems: (booking.octoUnitItems ?? []).map((item, index) => ({
      uuid: item.uuid,
      resellerReference: item.resellerReference,
      supplierReference: `${reference}-${index + 1}`,
      unitId: item.unitId,
      status,
      utcRedeemedAt: status === "REDEEMED" ? redeemedAt : null,
      contact,
      ticket,
      ...(terms ? { pricing: unitPricing(terms, item.unitId) } : {}),
    })),
    ...(terms ? { pricing: totalPricing(booking, terms) } : {}),
  };
}

/** What the booking costs in all (its fees and taxes in it), and the taxes it includes. */
function totalPricing(booking: BookingRow, terms: ResellerTerms) {
  const net = booking.resellerNetMinor ?? orderNetMinor(terms, booking.totalMinor, booking.tickets);
  const total = pricingOf(booking.totalMinor, booking.currency, net);
  const taxes =
    booking.taxMinor > 0
      ? [{ name: "Taxes", retail: booking.taxMinor, original: booking.taxMinor, net: booking.taxMinor }]
      : [];
  return { ...total, includedTaxes: taxes };
}

/** GET /octo/bookings/{uuid} (and every call's answer): the caller's booking, or INVALID_BOOKING_UUID. */
export async function octoBookingView(caller: OctoCaller, uuid: string): Promise<OctoBooking> {
  const [row] = await readBookings(
    caller.db,
    and(eq(bookings.resellerId, caller.reseller.id), eq(bookings.octoUuid, uuid)),
    1,
  );
  if (!row) throw invalidBookingUuid(uuid);
  return toOctoBooking(row, caller.pricing ? await caller.terms() : null);
}

/** GET /octo/bookings: the caller's bookings by reference or by their departures' local dates, oldest first. */
export async function octoListBookings(caller: OctoCaller, query: OctoListQuery): Promise<OctoBooking[]> {
  const from = query.localDate ?? query.localDateStart;
  const through = query.localDate ?? query.localDateEnd;
  const rows = await readBookings(
    caller.db,
    and(
      eq(bookings.resellerId, caller.reseller.id),
      query.resellerReference === undefined ? undefined : eq(bookings.resellerReference, query.resellerReference),
      query.supplierReference === undefined
        ? undefined
        : sql`booking_reference(${bookings.id}) = ${query.supplierReference.toUpperCase()}`,
      from && through ? onLocalDays(slots.startsAt, experiences.timezone, from, through) : undefined,
      query.productId === undefined ? undefined : eq(bookings.experienceId, query.productId),
      query.optionId === undefined ? undefined : eq(bookings.serviceId, query.optionId),
    ),
    OCTO_MAX_LISTED_BOOKINGS,
  );
  const terms = caller.pricing ? await caller.terms() : null;
  return rows.map((row) => toOctoBooking(row, terms));
}
