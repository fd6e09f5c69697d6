import { and, eq, sql } from "drizzle-orm";
import type { OperatorBooking, OperatorRefundBody, OperatorRefundResult } from "~contract/operator/refunds";
import { formatMoney, minorUnitDigits, minorUnitsIn } from "~contract/money";
import type { Db } from "../db/client";
import {
  bookingRefunds,
  bookings,
  resellers,
  slots,
  users,
  type AccountRow,
  type BookingRefundRow,
  type BookingRow,
} from "../db/schema";
import { ApiError, conflict, validationError } from "../http/errors";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { writeAudit, type Actor } from "../audit/log";
import { bookingSides, NO_SIDES, sidesAfter } from "../ledger/movements";
import { writeBookingEmail } from "../bookings/booking-mail";
import { bookingPath, operatorRefundEmail } from "../bookings/emails";
import { releaseBooking } from "../bookings/fulfilment";
import { bookingNotFound } from "../bookings/read";
import { unpaidBalance } from "~contract/bookings/deposit-rules";
import { hasPayment, recordRefundOverPayments, refundsOf, settleRefund } from "../bookings/refunds";
import { findBookingView, toBookingRefund, toBookingView } from "../bookings/view";
import { seesMoney, type Member } from "../members/guard";
import { guestContactOf, NO_HOLDER } from "./guest-contact";
import { mayTakeBookings } from "./staff-bookings";
import { seesBooking } from "./check-ins";

/**
 * The cancellation policy still promises a full refund: the departure (`slots`) starts more than
 * the operator's free-cancellation cutoff from now. Past it, an operator's refund is goodwill.
 */
const withinPolicySql = (account: AccountRow) =>
  sql<boolean>`${slots.startsAt} > app_now() + make_interval(hours => ${account.cancellationCutoffHours})`;

/** The provider's key of an operator's refund: the booking's id and the console's key (unique at the provider too). */
const operatorRefundKey = (bookingId: string, clientKey: string) => `op_${bookingId}_${clientKey}`;

const paidStatus = (booking: BookingRow) =>
  hasPayment(booking) && (booking.paymentStatus === "paid" || booking.paymentStatus === "refunded");

const sum = (refunds: readonly BookingRefundRow[]) => refunds.reduce((total, refund) => total + refund.amountMinor, 0);

function toOperatorRefund(refund: BookingRefundRow) {
  return {
    ...toBookingRefund(refund),
    reason: refund.reason,
    requestedBy: refund.requestedBy,
    releaseSeats: refund.releaseSeats,
    goodwillMinor: refund.goodwillMinor,
  };
}

/** A booking's money for its owners and managers: paid, refunded, refundable, and who keeps what of it. */
function moneyOf(booking: BookingRow, refunds: readonly BookingRefundRow[]) {
  // A deposit booking whose balance is not charged has paid its deposit only.
  const paidMinor = paidStatus(booking) ? booking.totalMinor - unpaidBalance(booking) : 0;
  const refundedMinor = sum(refunds);
  // Shared as the ledger shares them: each refund, in the order made, takes its part back.
  const sides =
    paidMinor > 0
      ? sidesAfter(
          bookingSides(paidMinor, Math.min(booking.feesMinor, paidMinor), booking.commissionBps),
          [...refunds].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
        )
      : NO_SIDES;
  return {
    currency: booking.currency,
    paidMinor,
    giftCardMinor: paidMinor > 0 ? booking.giftCardMinor : 0,
    refundedMinor,
    refundableMinor: Math.max(0, paidMinor - refundedMinor),
    serviceFeeMinor: sides.serviceFee,
    commissionMinor: sides.commission,
    operatorMinor: sides.operator,
  };
}

/** 409 refund_stale: another refund was recorded since the operator looked (`details.refundedMinor`, `currency`). */
function refundStale(booking: BookingRow, refundedMinor: number): ApiError {
  const error = conflict(
    `This booking has been refunded ${formatMoney(refundedMinor, booking.currency)} in all since you looked. Check the amount and try again.`,
    "refund_stale",
  );
  error.details = {
    refundedMinor,
    refundableMinor: Math.max(0, booking.totalMinor - unpaidBalance(booking) - refundedMinor),
    currency: booking.currency,
  };
  return error;
}

/** 409 refund_exceeds_paid: more than what is left of the payment (`details.refundableMinor`, `currency`). */
function refundExceedsPaid(booking: BookingRow, refundableMinor: number): ApiError {
  const error = new ApiError(
    409,
    "refund_exceeds_paid",
    `At most ${formatMoney(refundableMinor, booking.currency)} can still be refunded.`,
    { amountMinor: [`At most ${formatMoney(refundableMinor, booking.currency)}.`] },
  );
  error.details = { refundableMinor, currency: booking.currency };
  return error;
}

/**
 * The refund's amount in minor units: `amountMinor` as sent, or `amount` as typed in the booking's
 * currency (at most its minor unit's digits, more than nothing: else a validation_error on it).
 */
function amountMinorOf(body: OperatorRefundBody, currency: string): number {
  if (body.amount === undefined) return body.amountMinor!;
  const amountMinor = minorUnitsIn(body.amount, currency);
  if (amountMinor === null) {
    const digits = minorUnitDigits(currency);
    const words = digits === 0 ? `whole ${currency}` : `at most ${digits} digits after the point`;
    throw validationError({ amount: [`Write the amount in ${words}.`] });
  }
  if (amountMinor <= 0) throw validationError({ amount: ["Refund more than nothing."] });
  return amountMinor;
}

/**
 * POST /v1/operator/bookings/{bookingId}/refunds. In one transaction with the booking row locked
 * FOR UPDATE: the same idempotency key again answers the refund it made (nothing more); otherwise
 * the refunded total the operator saw must still be the booking's (else 409 refund_stale), the
 * booking paid (409 booking_not_paid), the amount at most what is left (409 refund_exceeds_paid).
 * The refund is recorded owed (past the free-cancellation cutoff as the operator's goodwill, which
 * comes out of its part: api/ledger/movements.ts), the guest told (notification and email), the seats released if
 * asked (before the departure starts), the audit log written; after the commit the provider is
 * called with the refund's key and the refund marked made (or retried by the sweep).
 */
export async function refundBooking(
  db: Db,
  actor: Actor,
  member: Member,
  bookingId: string,
  body: OperatorRefundBody,
): Promise<OperatorRefundResult> {
  const key = operatorRefundKey(bookingId, body.idempotencyKey);
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        booking: bookings,
        started: sql<boolean>`${slots.startsAt} <= app_now()`,
        // The policy still promises a full refund (the free-cancellation cutoff is ahead).
        withinPolicy: withinPolicySql(member.account),
      })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, member.account.id)))
      .for("update", { of: bookings });
    if (!row) throw bookingNotFound();
    const { booking } = row;
    const amountMinor = amountMinorOf(body, booking.currency);
    const [replay] = await tx
      .select()
      .from(bookingRefunds)
      .where(and(eq(bookingRefunds.bookingId, booking.id), eq(bookingRefunds.idempotencyKey, key)));
    if (replay) return { refund: replay, created: false };
    if (!paidStatus(booking)) throw conflict("This booking has no payment to refund.", "booking_not_paid");
    const refunded = sum((await refundsOf(tx, [booking.id])).get(booking.id) ?? []);
    if (body.alreadyRefundedMinor !== refunded) throw refundStale(booking, refunded);
    const refundable = booking.totalMinor - unpaidBalance(booking) - refunded;
    if (refundable <= 0 || amountMinor > refundable) throw refundExceedsPaid(booking, Math.max(0, refundable));
    if (body.releaseSeats) {
      if (booking.status !== "confirmed")
        throw conflict("This booking no longer holds seats to release.", "not_cancellable");
      if (row.started)
        throw conflict("This departure has started: its seats can no longer be released.", "departure_started");
      await releaseBooking(tx, booking, "cancelled", { cancelledAt: sql`app_now()` });
    }
    // A booking moved to a dearer departure was paid twice: each payment gets its part back.
    const refund = await recordRefundOverPayments(tx, booking, {
      amountMinor,
      reason: body.reason,
      requestedBy: member.userId,
      releaseSeats: body.releaseSeats,
      idempotencyKey: key,
      // Past the cutoff the policy owes nothing more: the refund is the operator's goodwill.
      goodwill: !row.withinPolicy,
    });
    const remainingPaidMinor = refundable - amountMinor;
    const view = (await findBookingView(tx, booking.id))!;
    await addNotification(tx, {
      userId: booking.userId,
      kind: "booking_refunded",
      title: `Refund from ${view.operatorName}: ${formatMoney(amountMinor, booking.currency)}`,
      body: `${view.experienceTitle} — ${view.serviceName}. Reason: ${body.reason}${body.releaseSeats ? " The booking is cancelled." : ""}`,
      link: bookingPath(booking.id),
    });
    await writeBookingEmail(
      tx,
      booking.id,
      operatorRefundEmail({ amountMinor, reason: body.reason, remainingPaidMinor }),
    );
    await writeAudit(tx, actor, "booking.refunded", {
      bookingId: booking.id,
      refundId: refund.id,
      amountMinor: String(amountMinor),
      currency: booking.currency,
      releaseSeats: String(body.releaseSeats),
      reason: body.reason,
    });
    return { refund, created: true };
  });
  // Only the request that recorded the refund makes it (a replay does not call the provider again);
  // a provider failure leaves it owed for the sweep.
  if (decided.created) {
    try {
      await settleRefund(db, bookingId);
    } catch (error) {
      logger.error({ bookingId, err: errorFields(error) }, "refund failed; retried by the sweep");
    }
  }
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const refunds = (await refundsOf(db, [bookingId])).get(bookingId) ?? [];
  const refund = refunds.find((r) => r.id === decided.refund.id) ?? decided.refund;
  return {
    refund: toOperatorRefund(refund),
    booking: {
      id: booking.id,
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      ...moneyOf(booking, refunds),
    },
  };
}

/**
 * GET /v1/operator/bookings/{bookingId}: one of the operator's bookings for the console's page. A
 * guide: only on a departure assigned to them (else 404, as another operator's booking), and no
 * money (`money` null).
 */
export async function operatorBooking(db: Db, member: Member, bookingId: string): Promise<OperatorBooking> {
  if (!(await seesBooking(db, member, bookingId))) throw bookingNotFound();
  const row = (await findBookingView(db, bookingId))!;
  const booking = row.booking;
  const [[slot], [guest], refundMap, [takenBy]] = await Promise.all([
    db
      .select({
        id: slots.id,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
        status: slots.status,
        started: sql<boolean>`${slots.startsAt} <= app_now()`,
        withinPolicy: withinPolicySql(member.account),
      })
      .from(slots)
      .where(eq(slots.id, booking.slotId)),
    booking.userId === null
      ? []
      : db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
          .from(users)
          .where(eq(users.id, booking.userId)),
    refundsOf(db, [bookingId]),
    booking.takenByUserId === null
      ? []
      : db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.id, booking.takenByUserId)),
  ]);
  const refunds = refundMap.get(bookingId) ?? [];
  const view = toBookingView(row, refunds);
  const [seller] =
    booking.resellerId === null
      ? []
      : await db.select({ name: resellers.name }).from(resellers).where(eq(resellers.id, booking.resellerId));
  return {
    booking: {
      id: view.id,
      reference: view.reference,
      status: view.status,
      experienceId: view.experienceId,
      experienceTitle: view.experienceTitle,
      serviceId: view.serviceId,
      serviceName: view.serviceName,
      startsAt: view.startsAt,
      endsAt: view.endsAt,
      timezone: view.timezone,
      meetingPoint: view.meetingPoint,
      seats: view.seats,
      tickets: view.tickets.map(({ ticketTypeId, code, name, quantity }) => ({ ticketTypeId, code, name, quantity })),
      addOns: view.addOns.map(({ addOnId, name, per, quantity }) => ({ addOnId, name, per, quantity })),
      paymentStatus: view.paymentStatus,
      holdExpiresAt: view.holdExpiresAt,
      createdAt: view.createdAt,
      confirmedAt: view.confirmedAt,
      checkedInGuests: view.checkedInGuests,
      answers: view.answers,
      pickup: view.pickup,
      // Money: owners and managers only (a guide's page has none).
      deposit: seesMoney(member) ? view.deposit : null,
    },
    source: {
      channel: booking.channel ?? (booking.storefront ? "storefront" : "marketplace"),
      reseller: seller ? { name: seller.name, reference: booking.resellerReference } : null,
      takenBy:
        booking.takenByUserId === null
          ? null
          : {
              userId: booking.takenByUserId,
              name: [takenBy?.firstName, takenBy?.lastName].filter(Boolean).join(" ") || (takenBy?.email ?? ""),
            },
      staffPayment: booking.staffPayment,
      marketingConsent: booking.marketingConsent,
      canMarkPaid: booking.paymentStatus === "owed" && booking.status === "confirmed" && mayTakeBookings(member),
    },
    guest: {
      userId: booking.userId,
      ...guestContactOf({ ...NO_HOLDER, ...guest, ...booking }),
    },
    departure: {
      id: slot.id,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      status: slot.status,
      started: Boolean(slot.started),
    },
    money: seesMoney(member) ? bookingMoneyOf(booking, refunds, slot) : null,
  };
}

/** The booking page's money (owner, manager): paid, refunded, refundable, fee and share, payment, refunds, what a refund may do. */
function bookingMoneyOf(
  booking: BookingRow,
  refunds: BookingRefundRow[],
  slot: { started: boolean; withinPolicy: boolean },
) {
  const money = moneyOf(booking, refunds);
  const canRefund = paidStatus(booking) && money.refundableMinor > 0;
  return {
    ...money,
    totalMinor: booking.totalMinor,
    payment: { provider: booking.paymentProvider, status: booking.paymentStatus },
    refunds: refunds.map(toOperatorRefund),
    priceReason: booking.priceReason,
    canRefund,
    canReleaseSeats: canRefund && booking.status === "confirmed" && !slot.started,
    refundIsGoodwill: !slot.withinPolicy,
    // What each add-on cost (issue 46): the refund form offers to refund one.
    addOns: booking.addOns.map(({ addOnId, name, quantity, unitPriceMinor }) => ({
      addOnId,
      name,
      quantity,
      totalMinor: quantity * unitPriceMinor,
    })),
  };
}
