import type { Db } from "~api/db/client";
import { expect } from "vitest";
import { issueGiftCard } from "~api/gift-cards/ledger";
import { bookingBody, bookingUser, createSlot, placeBooking, withAdultPrice, type TestService } from "./booking";

/**
 * A gift card issued straight in the ledger, as a paid purchase would issue it: the marketplace's,
 * in dollars, bought by nobody, sent to friend@example.com, unless `extra` says otherwise.
 * Answers the card and its code (the only time the code is seen in clear).
 */
export function issuedGiftCard(db: Db, amountMinor: number, extra: Partial<Parameters<typeof issueGiftCard>[1]> = {}) {
  return issueGiftCard(db, {
    accountId: null,
    currency: "USD",
    amountMinor,
    purchaserId: null,
    recipientEmail: "friend@example.com",
    ...extra,
  });
}

/**
 * A guest's booking of one adult at $100.00 (the 3 % service fee on top: $103.00), ten days out,
 * placed with a new marketplace gift card of `cardMinor`: the card and its code, the guest, the
 * placed booking's answer and id.
 */
export async function bookedWithGiftCard(db: Db, service: TestService, cardMinor: number) {
  const card = await issuedGiftCard(db, cardMinor);
  const guest = await bookingUser(service);
  const slot = await createSlot(db, service.serviceId, { startsInHours: 240 });
  const placed = await withAdultPrice(db, service, 10_000, () =>
    placeBooking(guest.idToken, bookingBody(service, slot.id, 1, { giftCardCode: card.code })),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { ...card, guest, placed, bookingId: placed.body.data.booking.id as string };
}
