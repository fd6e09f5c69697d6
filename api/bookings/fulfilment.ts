import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { bookings, users, type BookingRow, type BookingStatus, type PaymentStatus } from "../db/schema";
import { addNotification } from "../notifications/service";
import { releasePromo, recountPromo } from "../promo/service";
import { writeBookingEmail } from "./booking-mail";
import { bookingPath, confirmationEmail } from "./emails";
import { ticketQrAttachment } from "./ticket-png";
import { owePaymentRemainder, settleRefund } from "./refunds";
import { formatWhen } from "./format";
import { releaseSeats } from "./seats";
import { releaseAddOns, takeSeatsAndAddOns } from "./add-on-stock";
import { findBookingView, type BookingViewRow } from "./view";
import { bookingReference } from "../ids";
import { errorFields, logger } from "../logger";
import { saveCard } from "../payments/saved-cards";
import type { CardDetails } from "~contract/bookings/cards";
import { releaseHoldGiftCards } from "./gift-card-payment";
import { oweGiftCardTransfer, settleGiftCardTransfer } from "../payments/gift-card-transfers";
import { recordBookingPaid, recordUnearnedBookingPayment } from "../ledger/record";
import { keptCard } from "./booking-parts";
import { announceBookingChange } from "./webhook-events";

/** What a provider says about a completed payment. */
export interface PaymentConfirmation {
  /** The checkout session paid; when given it must be the booking's own. */
  sessionId: string | null;
  paymentIntentId: string | null;
  /** The guest chose to keep the card (users.has_payment_method becomes true). */
  paymentMethodSaved: boolean;
  /** The card that paid, when the provider tells: shown on the receipt, kept when saved. */
  card?: CardDetails | null;
  /**
   * A staff booking settled at the desk without a provider: its payment status (cash: paid;
   * pay on arrival: owed; comp: not_required) and the provider recorded ("cash", or none).
   */
  settled?: { paymentStatus: Extract<PaymentStatus, "paid" | "owed" | "not_required">; provider: string | null };
  /** The confirmation email to the guest (default true); a reseller sends its own unless it asks (OCTO's emailReceipt). */
  confirmationEmail?: boolean;
}

export type FulfilmentOutcome = "confirmed" | "already_confirmed" | "refunded" | "ignored";

function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown>): void {
  logger[level](fields, msg);
}

async function lockBooking(db: Db, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for("update");
  return row ?? null;
}

/** Holds its seats (and counts against its promo code) in these statuses only. */
export const HOLDS_SEATS: readonly BookingStatus[] = ["held", "confirmed"];

/**
 * Moves a locked booking that holds seats to a status that does not, giving the seats and the
 * promo redemption back. The caller holds the booking's row lock.
 */
export async function releaseBooking(
  db: Db,
  booking: BookingRow,
  status: Exclude<BookingStatus, "held" | "confirmed">,
  values: PgUpdateSetSource<typeof bookings> = {},
): Promise<void> {
  if (!HOLDS_SEATS.includes(booking.status))
    throw new Error(`booking ${booking.id} is ${booking.status}: it holds no seats`);
  // A confirmed deposit booking's balance not paid is no longer owed (a hold keeps its plan: a late
  // payment of its deposit may still confirm it).
  const balance =
    booking.status === "confirmed" && booking.balanceState && booking.balanceState !== "paid"
      ? { balanceState: "cancelled" as const }
      : {};
  await db
    .update(bookings)
    .set({ ...balance, ...values, status, updatedAt: sql`app_now()` })
    .where(eq(bookings.id, booking.id));
  await releaseSeats(db, booking.slotId, booking.seats, booking.id);
  await releaseAddOns(db, [booking]);
  if (booking.promoCode) await releasePromo(db, booking.promoCode);
  // A hold never paid gives its gift card back what it took (a paid booking's go back as refunds).
  if (booking.status === "held" && booking.giftCardMinor > 0) await releaseHoldGiftCards(db, booking.id);
  if (booking.status === "confirmed") await announceBookingChange(db, booking, "booking.cancelled");
}

const when = (row: BookingViewRow) => formatWhen(row.startsAt, row.endsAt, row.timezone);

/**
 * THE fulfilment: called by webhooks, the sandbox checkout and refresh-payment, any number of
 * times, in any order, from any process. In one transaction with the booking row locked:
 *
 * - confirmed already: nothing happens;
 * - held: confirmed (seats were still held, even if the hold ran out a moment ago and has
 *   not been swept yet);
 * - expired or failed before payment (seats already given back): the seats are taken again
 *   with the same conditional update as a new booking; if that works it is confirmed,
 *   otherwise the payment is refunded in full and the booking is `refunded` — a late payment
 *   is never double-booked;
 * - cancelled (or replaced by a new order) before payment: the payment is refunded in full;
 * - refunded, or cancelled after a refund: nothing happens.
 *
 * On confirmation: a notification (same transaction), `has_payment_method` when the card was
 * kept, and after the commit the confirmation email with an .ics invitation (outbox).
 */
/** The booking's confirmation to its guest, with its .ics and its ticket's QR code (the outbox sends it). */
export async function emailConfirmation(db: Db, booking: Pick<BookingRow, "id" | "ticketCode">): Promise<void> {
  const ticketQr = await ticketQrAttachment(booking.ticketCode);
  await writeBookingEmail(db, booking.id, (context) => confirmationEmail(context, ticketQr));
}

export async function fulfilBooking(
  db: Db,
  bookingId: string,
  payment: PaymentConfirmation,
): Promise<FulfilmentOutcome> {
  const outcome = await db.transaction(async (tx): Promise<FulfilmentOutcome | "refund_due"> => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) return "ignored";
    if (payment.sessionId && booking.paymentSessionId && booking.paymentSessionId !== payment.sessionId) {
      log("warn", "payment for another checkout of the booking ignored", { bookingId, sessionId: payment.sessionId });
      return "ignored";
    }
    if (booking.status === "confirmed") return "already_confirmed";
    // A refund decided earlier whose provider call failed: made after this transaction.
    if (booking.status === "refunded" && booking.paymentStatus === "paid") return "refund_due";
    if (booking.status === "refunded" || booking.refundMinor !== null) return "ignored";

    const paymentIntentId = payment.paymentIntentId ?? booking.paymentIntentId;
    if (booking.status !== "held") {
      // A booking the guest cancelled (or replaced) before paying is never confirmed by a late payment.
      // Nor one whose gift card part went back to the card when its hold ended: its payment is refunded.
      const retaken =
        booking.status !== "cancelled" &&
        booking.giftCardMinor === 0 &&
        (await takeSeatsAndAddOns(tx, booking.slotId, booking));
      if (!retaken) {
        if (booking.totalMinor > 0 && !paymentIntentId) {
          throw new Error(`late payment for booking ${bookingId} has no payment id to refund`);
        }
        // The refund is owed now and made after the commit (no provider call under the row lock).
        await tx
          .update(bookings)
          .set({
            status: "refunded",
            paymentStatus: booking.totalMinor > 0 ? "paid" : "not_required",
            paymentIntentId,
            updatedAt: sql`app_now()`,
          })
          .where(eq(bookings.id, booking.id));
        // The money arrived all the same (the ledger's), owed back whole by the refund recorded here.
        if (paymentIntentId) await recordUnearnedBookingPayment(tx, { ...booking, paymentIntentId }, paymentIntentId);
        await owePaymentRemainder(tx, { ...booking, paymentIntentId }, "Late payment");
        log("info", "late payment: booking cancelled or seats sold meanwhile, refund owed", { bookingId });
        return "refund_due";
      }
      if (booking.promoCode) await recountPromo(tx, booking.promoCode);
    }

    const paymentStatus: PaymentStatus =
      booking.totalMinor === 0 ? "not_required" : (payment.settled?.paymentStatus ?? "paid");
    const [confirmed] = await tx
      .update(bookings)
      .set({
        status: "confirmed",
        paymentStatus,
        ...(payment.settled ? { paymentProvider: payment.settled.provider } : {}),
        paymentIntentId,
        cardBrand: payment.card?.brand ?? null,
        cardLast4: payment.card?.last4 ?? null,
        // A deposit booking keeps the card that paid the deposit for its balance (off-session).
        ...(booking.balanceState && payment.card ? { balanceCard: keptCard(payment.card) } : {}),
        holdExpiresAt: null,
        confirmedAt: sql`app_now()`,
        updatedAt: sql`app_now()`,
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    await announceBookingChange(tx, confirmed, "booking.created");
    // Paid through the platform (a card, gift cards): the ledger's charge, in this transaction. A
    // staff booking settled at the desk (cash, pay on arrival) moved no money through the
    // platform and has no ledger lines; nor has a free one.
    if (paymentStatus === "paid" && !payment.settled) {
      await recordBookingPaid(tx, confirmed);
      // Gift cards' part: the platform's money, owed to the operator's connected account (Stripe).
      await oweGiftCardTransfer(tx, confirmed);
    }
    if (booking.userId === null) {
      // A guest without an account keeps no card.
    } else if (payment.paymentMethodSaved && payment.card) {
      await saveCard(tx, booking.userId, booking.paymentProvider ?? "sandbox", payment.card);
    } else if (payment.paymentMethodSaved) {
      await tx
        .update(users)
        .set({ hasPaymentMethod: true, updatedAt: sql`app_now()` })
        .where(eq(users.id, booking.userId));
    }
    const row = (await findBookingView(tx, booking.id))!;
    await addNotification(tx, {
      userId: booking.userId,
      kind: "booking_confirmed",
      title: `Booking confirmed: ${row.experienceTitle}`,
      body: `${row.serviceName}, ${when(row)}. Booking ${bookingReference(booking.id)}.`,
      link: bookingPath(booking.id),
    });
    if (payment.confirmationEmail !== false) await emailConfirmation(tx, row.booking);
    return "confirmed";
  });
  // A failed provider call throws: the webhook is answered 5xx and retried, and the sweep retries too.
  if (outcome === "refund_due") return (await settleRefund(db, bookingId)) === "refunded" ? "refunded" : "ignored";
  if (outcome === "confirmed") {
    try {
      await settleGiftCardTransfer(db, bookingId);
    } catch (error) {
      log("error", "gift card transfer failed; retried by the sweep", { bookingId, err: errorFields(error) });
    }
  }
  return outcome;
}

/** A booking still held whose checkout ended unpaid takes that status and frees its seats (false: not held). */
async function releaseUnpaid(db: Db, bookingId: string, status: "failed" | "expired"): Promise<boolean> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.status !== "held") return false;
    await releaseBooking(tx, booking, status, { paymentStatus: status });
    return true;
  });
}

/** The payment failed for good (declined card, failed bank debit): a held booking becomes failed and frees its seats at once. */
export const markPaymentFailed = (db: Db, bookingId: string) => releaseUnpaid(db, bookingId, "failed");

/** The checkout expired unpaid: a booking still held becomes expired and frees its seats. */
export const markCheckoutExpired = (db: Db, bookingId: string) => releaseUnpaid(db, bookingId, "expired");
