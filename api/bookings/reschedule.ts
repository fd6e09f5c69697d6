import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  accounts,
  bookingChanges,
  bookings,
  slots,
  type AccountRow,
  type BookingChangeOrder,
  type BookingRow,
} from "../db/schema";
import { loadBookableService } from "../catalog/bookable-service";
import { bookingEnv } from "../env";
import { conflict } from "../http/errors";
import { randomId } from "../ids";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { paymentProvider, paymentUnavailable, providerNamed } from "../payments";
import { checkoutExpiry } from "../payments/provider";
import { destinationCharge, differenceApplicationFee, saleDestination } from "../payments/payout-accounts";
import { guestEmailOf, writeBookingEmail } from "./booking-mail";
import { bookingPath, dateChangedEmail } from "./emails";
import { formatWhen } from "./format";
import { changeOrderOf, repriceBooking } from "./price";
import { bookingNotFound, getBooking, ownBooking } from "./read";
import { hasPayment, recordRefund, refundedSoFar, settleRefund } from "./refunds";
import { loadOpenSlot, releaseSeats } from "./seats";
import { releaseAddOns, takeSeatsAndAddOns } from "./add-on-stock";
import { ticketQrAttachment } from "./ticket-png";
import { checkedInGuestsSql, findBookingView, freeCancellationOpenSql } from "./view";
import type { BookingView } from "~contract/bookings/requests";
import { refuseSuspendedLocked } from "../accounts/status";
import { announceBookingChange } from "./webhook-events";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The guest may still change the date: the free-cancellation window is open, or the operator
 * offered them another departure (bookings.move_offered_at, the desk's "move all guests" offer)
 * and the departure has not started. For a booking joined to its slot.
 */
export const rescheduleOpenSql = sql<boolean>`(${freeCancellationOpenSql} or (${bookings.moveOfferedAt} is not null and ${slots.startsAt} > app_now()))`;

/**
 * POST /v1/bookings/{id}/reschedule: moves a confirmed booking to another departure of its
 * service, same tickets, while it could still be cancelled for free (the departure minus the
 * operator's cutoff) or, once the operator offered the guest another departure (the desk), until
 * the departure starts, in one transaction under the booking's row lock (two concurrent moves of one
 * booking: one move). The new seats are taken, the old ones released the usual way (the waitlist
 * picks them up), the ticket code replaced (the old one answers `invalid` at check-in), the move
 * recorded in booking_changes, the guest sent the date change's email (old and new time, what was
 * refunded or charged, the new ticket).
 *
 * The difference is priced with today's ticket prices (and its promo code, when still usable).
 * Same price: moved at once. Cheaper: moved at once, the difference owed back through the refund
 * path (a booking_refunds row, settled after the commit), unless the operator refuses refunds on
 * reschedule (409 reschedule_refund_refused); the booking's amounts stay what was paid. Dearer:
 * the new seats are held for the booking (a booking change `awaiting_payment`, for as long as a
 * booking's hold) and a purchase checkout opened for exactly the difference; the answer's
 * `pendingChange` says where to pay. Its payment makes the move (reschedule-payment.ts), and the
 * booking's amounts become the new order's (what was paid in all).
 *
 * One pending move per booking: a new request (another key) replaces it (its held seats released,
 * its checkout closed; were it paid all the same, the payment is refunded). The same
 * Idempotency-Key answers the booking again (with its pending change while it waits). With
 * `currentStartsAt`, a booking moved since the caller looked is refused (409 booking_changed): two
 * tabs choosing different dates make one move.
 */
export async function rescheduleBooking(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
  slotId: string,
  idempotencyKey: string,
  currentStartsAt?: string,
): Promise<BookingView> {
  const after = await db.transaction(async (tx) => {
    // The booking's row alone is locked first: with the departure joined, PostgreSQL would
    // re-check a queued second move against the old departure's row and find nothing (404).
    const [locked] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(ownBooking(userId, scope, id))
      .for("update");
    if (!locked) throw bookingNotFound();
    const [row] = await tx
      .select({
        booking: bookings,
        open: rescheduleOpenSql,
        startsAt: slots.startsAt,
        checkedIn: sql<boolean>`${checkedInGuestsSql} > 0`,
      })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(eq(bookings.id, id));
    if (!row) throw bookingNotFound();
    const { booking } = row;
    const [done] = await tx
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.bookingId, id), eq(bookingChanges.idempotencyKey, idempotencyKey)));
    if (done) {
      if (done.toSlotId !== slotId)
        throw conflict("This Idempotency-Key was used for another request.", "idempotency_key_reused");
      return { refunding: false, closing: [] as CheckoutToClose[] };
    }
    if (booking.status !== "confirmed")
      throw conflict("Only a confirmed booking can be moved to another date.", "not_reschedulable");
    if (row.checkedIn)
      throw conflict("A guest of this booking is checked in, so its date can no longer be changed.", "checked_in");
    if (!row.open)
      throw conflict("The deadline for changing the date of this booking has passed.", "reschedule_closed");
    if (currentStartsAt !== undefined && new Date(currentStartsAt).getTime() !== row.startsAt.getTime())
      throw conflict("This booking's date was changed meanwhile; look at it again.", "booking_changed");
    if (booking.slotId === slotId) throw conflict("The booking is already on this departure.", "same_departure");
    // Another date is a new sale: a suspended operator makes none (the booking itself stays valid).
    await refuseSuspendedLocked(
      tx,
      booking.accountId,
      "The operator is not taking bookings right now, so this booking cannot move to another date. It stays valid as it is, and you can still cancel it.",
    );
    await loadOpenSlot(tx, slotId, booking.serviceId);
    const context = await loadBookableService(tx, booking.serviceId, scope);
    const order = await repriceBooking(tx, context, booking, userId);
    const difference = order.price.totalMinor - booking.totalMinor;
    const refund = difference < 0 && hasPayment(booking) ? -difference : 0;
    if (refund > 0) {
      const [account] = await tx
        .select({ rescheduleRefunds: accounts.rescheduleRefunds })
        .from(accounts)
        .where(eq(accounts.id, booking.accountId));
      if (!account?.rescheduleRefunds)
        throw conflict(
          "The operator does not refund a move to a cheaper departure, so this one cannot be chosen.",
          "reschedule_refund_refused",
        );
    }
    // An earlier move still waiting for its payment gives way to this one.
    const closing = await dropPendingChange(tx, booking, "expired");
    if (!(await takeSeatsAndAddOns(tx, slotId, booking)))
      throw conflict("There are not enough seats left on this departure.", "sold_out");
    const changeId = randomId("bc_");
    if (difference > 0) {
      await holdDearerMove(tx, booking, {
        changeId,
        slotId,
        difference,
        idempotencyKey,
        title: `Date change: ${context.experience.title}`,
        order: changeOrderOf(order),
      });
      return { refunding: false, closing };
    }
    await tx.insert(bookingChanges).values({
      id: changeId,
      bookingId: id,
      fromSlotId: booking.slotId,
      toSlotId: slotId,
      priceDifferenceMinor: difference,
      idempotencyKey,
      createdAt: sql`app_now()`,
      completedAt: sql`app_now()`,
    });
    await moveBooking(tx, booking, slotId, null, refund);
    if (refund > 0)
      await recordRefund(tx, booking, {
        amountMinor: refund,
        reason: "Moved to a cheaper departure",
        requestedBy: null,
        releaseSeats: false,
        idempotencyKey: `reschedule_${changeId}`,
      });
    return { refunding: refund > 0, closing };
  });
  await closeCheckouts(db, after.closing);
  if (after.refunding) {
    try {
      await settleRefund(db, id);
    } catch (error) {
      logger.error({ bookingId: id, err: errorFields(error) }, "reschedule refund failed; retried by the sweep");
    }
  }
  return getBooking(db, userId, scope, id);
}

/**
 * A dearer move: the new seats (taken by the caller) held under a change awaiting payment, and a
 * checkout of kind "reschedule" for exactly the difference, payable as long as the hold.
 */
export async function holdDearerMove(
  tx: Tx,
  booking: BookingRow,
  move: {
    changeId: string;
    slotId: string;
    difference: number;
    idempotencyKey: string;
    title: string;
    order: BookingChangeOrder;
    /** How long the seats are held and the checkout open (a booking's hold unless told). */
    holdMinutes?: number;
  },
): Promise<{ checkoutUrl: string; holdExpiresAt: Date }> {
  const [change] = await tx
    .insert(bookingChanges)
    .values({
      id: move.changeId,
      bookingId: booking.id,
      fromSlotId: booking.slotId,
      toSlotId: move.slotId,
      priceDifferenceMinor: move.difference,
      idempotencyKey: move.idempotencyKey,
      createdAt: sql`app_now()`,
      status: "awaiting_payment",
      seats: booking.seats,
      currency: booking.currency,
      newOrder: move.order,
      holdExpiresAt: sql`app_now() + make_interval(mins => ${move.holdMinutes ?? bookingEnv.holdMinutes})`,
    })
    .returning();
  // The difference goes to the operator like a sale (with Stripe its account must take charges:
  // else 409 payouts_not_ready, and the caller's transaction gives the seats back).
  const connect = destinationCharge(
    await saleDestination(tx, booking.accountId),
    differenceApplicationFee(move.difference, move.order.feesMinor - booking.feesMinor, booking.commissionBps),
  );
  const guestEmail = await guestEmailOf(tx, booking);
  const provider = paymentProvider();
  const path = bookingPath(booking.id);
  let session;
  try {
    session = await provider.createPurchaseCheckout(
      tx,
      {
        kind: "reschedule",
        id: change.id,
        bookingId: booking.id,
        title: move.title,
        amountMinor: move.difference,
        currency: booking.currency,
        customerEmail: guestEmail,
        expiresAt: checkoutExpiry(change.holdExpiresAt!, change.createdAt),
        connect,
      },
      {
        successUrl: new URL(`${path}?moved=1`, booking.origin).toString(),
        cancelUrl: new URL(`${path}/reschedule`, booking.origin).toString(),
      },
    );
  } catch (error) {
    logger.error({ bookingId: booking.id, err: errorFields(error) }, "reschedule checkout could not be opened");
    throw paymentUnavailable();
  }
  await tx
    .update(bookingChanges)
    .set({ paymentProvider: provider.name, paymentSessionId: session.sessionId, checkoutUrl: session.url })
    .where(eq(bookingChanges.id, change.id));
  return { checkoutUrl: session.url, holdExpiresAt: change.holdExpiresAt! };
}

/** A checkout to close once the transaction that gave it up has committed. */
export interface CheckoutToClose {
  provider: string;
  sessionId: string;
}

/**
 * The booking's pending move (if any) given up, under the booking's lock: its held seats released
 * (the waitlist picks them up), the change marked `status`. Returns its checkout, to close after
 * the commit.
 */
export async function dropPendingChange(
  tx: Tx,
  booking: BookingRow,
  status: "expired",
  onlyChangeId?: string,
): Promise<CheckoutToClose[]> {
  const dropped = await tx
    .update(bookingChanges)
    .set({ status })
    .where(
      and(
        eq(bookingChanges.bookingId, booking.id),
        eq(bookingChanges.status, "awaiting_payment"),
        ...(onlyChangeId ? [eq(bookingChanges.id, onlyChangeId)] : []),
      ),
    )
    .returning();
  for (const change of dropped) {
    await releaseSeats(tx, change.toSlotId, change.seats!, booking.id);
    await releaseAddOns(tx, [{ slotId: change.toSlotId, addOns: booking.addOns }]);
  }
  return dropped.flatMap((change) =>
    change.paymentProvider && change.paymentSessionId
      ? [{ provider: change.paymentProvider, sessionId: change.paymentSessionId }]
      : [],
  );
}

/** Best effort: a checkout still open stops taking payments (one paid all the same is refunded). */
export async function closeCheckouts(db: Db, closing: readonly CheckoutToClose[]): Promise<void> {
  for (const { provider, sessionId } of closing) {
    try {
      await providerNamed(provider).closeCheckout(db, sessionId);
    } catch (error) {
      logger.warn({ sessionId, err: errorFields(error) }, "could not close a reschedule checkout");
    }
  }
}

/**
 * Moves the booking (locked by the caller, the new seats already its own) to `toSlotId`: the old
 * seats released to the waitlist, a new ticket code, the amounts of a paid dearer move, the guest
 * told (notification, the date change's email with the updated calendar file). `paid`: a dearer
 * move's payment of `amountMinor`; `refundMinor`: what a cheaper one owes back (recorded by the caller);
 * `waivedMinor`: the difference the operator waived (the email says so).
 */
export async function moveBooking(
  tx: Tx,
  booking: BookingRow,
  toSlotId: string,
  paid: { order: BookingChangeOrder; provider: string; paymentIntentId: string; amountMinor: number } | null,
  refundMinor = 0,
  waivedMinor = 0,
): Promise<void> {
  const [from] = await tx
    .select({ startsAt: slots.startsAt, endsAt: slots.endsAt })
    .from(slots)
    .where(eq(slots.id, booking.slotId));
  const refundedBefore = await refundedSoFar(tx, booking.id);
  await releaseSeats(tx, booking.slotId, booking.seats, booking.id);
  await releaseAddOns(tx, [booking]);
  await tx
    .update(bookings)
    .set({
      slotId: toSlotId,
      ticketCode: sql`new_ticket_code()`,
      reminderSentAt: null,
      // An offer of the operator's is used up by the move (the new departure's deadline applies).
      moveOfferedAt: null,
      updatedAt: sql`app_now()`,
      ...(paid
        ? {
            ...paid.order,
            // A booking that had no payment of its own (free) now has the difference's.
            ...(booking.paymentIntentId === null && booking.giftCardMinor === 0
              ? {
                  paymentProvider: paid.provider,
                  paymentIntentId: paid.paymentIntentId,
                  paymentStatus: "paid" as const,
                }
              : {}),
          }
        : {}),
    })
    .where(eq(bookings.id, booking.id));
  const view = (await findBookingView(tx, booking.id))!;
  await addNotification(tx, {
    userId: booking.userId,
    kind: "booking_confirmed",
    title: `Booking moved: ${view.experienceTitle}`,
    body: `${view.serviceName}, now ${formatWhen(view.startsAt, view.endsAt, view.timezone)}. Your ticket is new.`,
    link: bookingPath(booking.id),
  });
  const ticketQr = await ticketQrAttachment(view.booking.ticketCode);
  const change = dateChangedEmail({
    from,
    oldTicketCode: booking.ticketCode,
    refundedMinor: refundMinor,
    chargedMinor: paid?.amountMinor ?? 0,
    paidInAllMinor: (paid ? paid.order.totalMinor : booking.totalMinor) - refundedBefore - refundMinor,
    waivedMinor,
  });
  await writeBookingEmail(tx, booking.id, (mail) => change(mail, ticketQr));
  await announceBookingChange(tx, booking, "booking.changed", { slotId: booking.slotId, startsAt: from.startsAt });
}
