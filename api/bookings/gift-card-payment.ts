/** The part of a booking paid with a gift card: given back when its hold ends unpaid. */
import type { Db } from "../db/client";
import { refundToGiftCards } from "../gift-cards/ledger";

/** What a held booking took from its gift card goes back ("release" rows; once per booking). */
export async function releaseHoldGiftCards(db: Db, bookingId: string): Promise<number> {
  return refundToGiftCards(db, bookingId, Number.MAX_SAFE_INTEGER, `hold:${bookingId}`, "release");
}
