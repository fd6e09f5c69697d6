import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings } from "../db/schema";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { providerNamed } from "../payments";
import { bookingPath, lateRefundEmail } from "./emails";
import { formatWhen } from "./format";
import { writeBookingEmail } from "./booking-mail";
import { findBookingView } from "./view";

/**
 * Refunds are owed, then made. A transaction that decides a refund (a cancellation, a late
 * payment for sold-out seats) records the booking as cancelled or refunded with its payment
 * still `paid`; after it commits, `settleRefund` calls the provider — never while a row lock is
 * held — and marks the payment `refunded`. The provider call carries the idempotency key
 * `refund_<booking id>`, so a retry (the guest again, a webhook replay, the sweep) refunds once.
 */
const owesRefund = and(
  inArray(bookings.status, ["cancelled", "refunded"]),
  eq(bookings.paymentStatus, "paid"),
  gt(bookings.totalMinor, 0),
  isNotNull(bookings.paymentIntentId),
);

export type RefundOutcome = "refunded" | "none";

/** Makes the refund a booking owes, if any; throws when the provider fails (it is retried later). */
export async function settleRefund(db: Db, bookingId: string): Promise<RefundOutcome> {
  const [owed] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), owesRefund))
    .limit(1);
  if (!owed) return "none";
  await providerNamed(owed.paymentProvider ?? "sandbox").refund(db, owed.paymentIntentId!, owed.totalMinor, {
    idempotencyKey: `refund_${owed.id}`,
  });
  // The payment marked refunded and, for a late payment, the guest told: one transaction.
  const settled = await db.transaction(async (tx) => {
    const marked = await tx
      .update(bookings)
      .set({ paymentStatus: "refunded", refundMinor: owed.totalMinor, updatedAt: sql`app_now()` })
      .where(and(eq(bookings.id, owed.id), eq(bookings.paymentStatus, "paid")))
      .returning({ id: bookings.id });
    if (marked.length === 0) return false; // a concurrent settle got there first
    if (owed.status === "refunded") {
      // A late payment for seats sold meanwhile: the guest is told once the money is on its way back.
      const row = (await findBookingView(tx, owed.id))!;
      await addNotification(tx, {
        userId: owed.userId,
        kind: "booking_refunded",
        title: "Payment refunded",
        body: `Your payment for ${row.experienceTitle} (${formatWhen(row.startsAt, row.endsAt, row.timezone)}) arrived after ${owed.cancelledAt ? "the booking was cancelled" : "the seats were sold"}. We refunded it in full.`,
        link: bookingPath(owed.id),
      });
      await writeBookingEmail(tx, owed.id, lateRefundEmail);
    }
    return true;
  });
  if (!settled) return "none";
  logger.info({ bookingId: owed.id, amountMinor: owed.totalMinor }, "refund made");
  return "refunded";
}

/** The sweep: refunds still owed (the provider failed earlier) are tried again, a few at a time. */
export async function settleDueRefunds(db: Db, limit = 20): Promise<number> {
  const due = await db.select({ id: bookings.id }).from(bookings).where(owesRefund).limit(limit);
  let settled = 0;
  for (const { id } of due) {
    try {
      if ((await settleRefund(db, id)) === "refunded") settled++;
    } catch (error) {
      logger.error({ bookingId: id, err: errorFields(error) }, "refund retry failed");
    }
  }
  return settled;
}
