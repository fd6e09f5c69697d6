/**
 * Marketplace gift cards on Stripe Connect (issue 45). A gift card is the platform's money until it
 * is spent: a booking paid partly with one is charged to the card for the rest only (a destination
 * charge keeping the application fee), so the operator's part that the charge did not carry is
 * transferred from the platform's balance. The transfer is owed in the payment's transaction and
 * made after it (the due-work sweep retries), and each refund of the booking reverses its share.
 * The sandbox moves no money between accounts: the ledger alone says whose it is.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { giftCardTransfers, type BookingRow, type GiftCardTransferRow } from "../db/schema";
import { bookingSides, type Sides } from "../ledger/movements";
import { errorFields, logger } from "../logger";
import { paymentProvider, providerNamed } from "./index";
import { bookingApplicationFee, payoutAccountOf } from "./payout-accounts";

const transferKey = (bookingId: string) => `gift_transfer_${bookingId}`;

type PricedBooking = Pick<BookingRow, "totalMinor" | "feesMinor" | "giftCardMinor" | "commissionBps">;

/**
 * What the operator is owed from the platform's balance for a booking gift cards helped pay: its
 * part (the ledger's) less what the card charge carried to it (the card's amount less the
 * application fee the platform kept).
 */
export function giftCardTransferMinor(booking: PricedBooking): number {
  if (booking.giftCardMinor <= 0) return 0;
  const operator = bookingSides(booking.totalMinor, booking.feesMinor, booking.commissionBps).operator;
  const carried = booking.totalMinor - booking.giftCardMinor - bookingApplicationFee(booking);
  return Math.max(0, operator - carried);
}

/**
 * In the transaction that confirms a booking as paid: with Stripe, and an operator on a Stripe
 * connected account, the transfer of its gift cards' part owed (once per booking).
 */
export async function oweGiftCardTransfer(tx: Db, booking: BookingRow): Promise<void> {
  const provider = paymentProvider().name;
  const amountMinor = giftCardTransferMinor(booking);
  if (provider !== "stripe" || amountMinor <= 0) return;
  const account = await payoutAccountOf(tx, booking.accountId);
  if (account?.provider !== provider) return;
  await tx
    .insert(giftCardTransfers)
    .values({
      bookingId: booking.id,
      accountId: booking.accountId,
      provider,
      destination: account.providerAccountId,
      amountMinor,
      currency: booking.currency,
    })
    .onConflictDoNothing();
}

/**
 * Makes the booking's transfer if it is still owed (after the payment's commit, before any refund
 * of it, and by the sweep); answers the row (null: the booking owes none). Throws when the
 * provider fails: it stays owed.
 */
export async function settleGiftCardTransfer(db: Db, bookingId: string): Promise<GiftCardTransferRow | null> {
  const [row] = await db.select().from(giftCardTransfers).where(eq(giftCardTransfers.bookingId, bookingId));
  if (!row || row.status === "made") return row ?? null;
  const { transferId } = await providerNamed(row.provider).transferToOperator(db, {
    bookingId,
    destination: row.destination,
    amountMinor: row.amountMinor,
    currency: row.currency,
    idempotencyKey: transferKey(bookingId),
  });
  const [made] = await db
    .update(giftCardTransfers)
    .set({ status: "made", providerRef: transferId, madeAt: sql`app_now()` })
    .where(and(eq(giftCardTransfers.bookingId, bookingId), eq(giftCardTransfers.status, "owed")))
    .returning();
  return made ?? (await db.select().from(giftCardTransfers).where(eq(giftCardTransfers.bookingId, bookingId)))[0];
}

/** The sweep: transfers still owed (the provider failed after the payment), a few at a time. */
export async function settleDueGiftCardTransfers(db: Db, limit = 20): Promise<number> {
  const owed = await db
    .select({ bookingId: giftCardTransfers.bookingId })
    .from(giftCardTransfers)
    .where(eq(giftCardTransfers.status, "owed"))
    .orderBy(asc(giftCardTransfers.createdAt))
    .limit(limit);
  let made = 0;
  for (const { bookingId } of owed) {
    try {
      if ((await settleGiftCardTransfer(db, bookingId))?.status === "made") made++;
    } catch (error) {
      logger.error({ bookingId, err: errorFields(error) }, "gift card transfer failed; retried by the sweep");
    }
  }
  return made;
}

/**
 * What a refund takes back of the transfer: the operator's part of the refund (the ledger's) less
 * what the refund's own calls already took from the operator's account (the card refund reverses
 * the card charge's transfer by its amount) plus what they gave back to it (the application fee
 * refunded).
 */
export const transferReversalMinor = (parts: Sides, cardRefundMinor: number, feeBackMinor: number): number =>
  Math.max(0, parts.operator - cardRefundMinor + feeBackMinor);

/** Reverses `amountMinor` of a booking's made transfer, once per refund key. */
export async function reverseGiftCardTransfer(
  db: Db,
  transfer: GiftCardTransferRow,
  amountMinor: number,
  refundKey: string,
): Promise<void> {
  if (amountMinor <= 0 || !transfer.providerRef) return;
  await providerNamed(transfer.provider).reverseTransfer(db, transfer.providerRef, amountMinor, {
    idempotencyKey: `${refundKey}_transfer`,
  });
}
