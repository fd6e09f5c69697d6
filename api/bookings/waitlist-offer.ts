/**
 * A waitlist offer used by the booking it opens (api/waitlist makes the offers): the seats held
 * for it become the booking's. Here, in bookings, so that holding seats needs nothing of the
 * waitlist's room but its tables.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { slots, waitlistEntries, waitlistOffers } from "../db/schema";
import type { WaitlistOfferStatus } from "~contract/waitlist/requests";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Offer tokens are stored hashed: a database leak does not hand out offers. */
export const hashOfferToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Booking through an offer (createBooking with `waitlistOffer`, inside the transaction that
 * writes the booking): the caller's open, unexpired offer of this departure is accepted once
 * (row locks: entry, then offer), its entry booked; seats the order does not use go back. Answers
 * false when the token is not such an offer (409 waitlist_offer_invalid for the caller).
 */
export async function acceptOffer(
  tx: Tx,
  input: { userId: string; slotId: string; token: string; seats: number; bookingId: string },
): Promise<boolean> {
  const [found] = await tx
    .select({ offer: waitlistOffers, entry: waitlistEntries })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.tokenHash, hashOfferToken(input.token)))
    .limit(1);
  if (!found || found.entry.userId !== input.userId || found.offer.slotId !== input.slotId) return false;
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, found.entry.id), eq(waitlistEntries.status, "offered")))
    .for("update");
  if (!entry) return false;
  const [offer] = await tx
    .select()
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.id, found.offer.id),
        eq(waitlistOffers.status, "open"),
        sql`${waitlistOffers.expiresAt} > app_now()`,
      ),
    )
    .for("update");
  if (!offer || input.seats > offer.seats) return false;
  await tx
    .update(waitlistOffers)
    .set({ status: "accepted", bookingId: input.bookingId, closedAt: sql`app_now()` })
    .where(eq(waitlistOffers.id, offer.id));
  await tx
    .update(waitlistEntries)
    .set({ status: "booked", updatedAt: sql`app_now()` })
    .where(eq(waitlistEntries.id, entry.id));
  if (offer.seats > input.seats)
    await tx
      .update(slots)
      .set({ seatsTaken: sql`${slots.seatsTaken} - ${offer.seats - input.seats}` })
      .where(eq(slots.id, offer.slotId));
  return true;
}

/**
 * The caller's offer behind `token` on this departure as it stands (the quote, the confirm page):
 * open (with its seats: theirs to book), used (with the booking it made), expired (also when its
 * time ran out before the sweep closed it), declined (they left), withdrawn (the departure closed),
 * not_yours (another traveller's), unknown (no such offer of this departure).
 */
export async function offerState(db: Db, userId: string, slotId: string, token: string): Promise<WaitlistOfferStatus> {
  const [row] = await db
    .select({
      offer: waitlistOffers,
      userId: waitlistEntries.userId,
      due: sql<boolean>`${waitlistOffers.expiresAt} <= app_now()`,
    })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.tokenHash, hashOfferToken(token)))
    .limit(1);
  const none = { seats: null, bookingId: null };
  if (!row || row.offer.slotId !== slotId) return { status: "unknown", ...none };
  if (row.userId !== userId) return { status: "not_yours", ...none };
  switch (row.offer.status) {
    case "accepted":
      return { status: "used", seats: null, bookingId: row.offer.bookingId };
    case "open":
      return row.due ? { status: "expired", ...none } : { status: "open", seats: row.offer.seats, bookingId: null };
    case "expired":
    case "declined":
    case "withdrawn":
      return { status: row.offer.status, ...none };
    default:
      return { status: "unknown", ...none };
  }
}
