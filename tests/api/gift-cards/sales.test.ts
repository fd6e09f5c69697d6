import "../../support/env";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRefunds, bookings, giftCards, giftCardTransactions, sandboxCheckouts } from "~api/db/schema";
import { giftCardBalanceMinor, hashGiftCardCode } from "~api/gift-cards/ledger";
import { normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import * as world from "../../support/booking";
import { outboxFor, syncedUser, uniqueEmail, type TestUser } from "../../support/identity";
import { accountIdOf, asMember, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";
import { issuedGiftCard } from "../../support/gift-cards";
import { checkLedgerAfterEach } from "../../support/ledger";

const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

const buy = (user: TestUser | null, body: Record<string, unknown>, account?: string) =>
  v1.buyGiftCard({ ...(user ? { token: user.idToken } : {}), body, ...(account ? { account } : {}) });

const order = (recipientEmail: string, extra: Record<string, unknown> = {}) => ({
  amountMinor: 5_000,
  recipientEmail,
  recipientName: "Sam",
  senderName: "Alex",
  message: "Happy birthday!",
  ...extra,
});

/** Buys and pays a card delivered now; answers its code as the recipient's email has it. */
async function boughtCard(buyer: TestUser, amountMinor: number, account?: string) {
  const to = uniqueEmail("recipient");
  const started = await buy(buyer, order(to, { amountMinor }), account);
  expect(started.status).toBe(201);
  expect((await world.pay(world.sessionIdOf(started.body.data.checkoutUrl))).body.data.status).toBe("paid");
  const mail = (await outboxFor(to)).find((message) => message.kind === "gift_card");
  const code = /Your code: ([2-9A-Z-]{19})/.exec(mail.textBody)![1];
  return { id: started.body.data.id as string, code, to };
}

const ledgerOf = (giftCardId: string) =>
  db().select().from(giftCardTransactions).where(eq(giftCardTransactions.giftCardId, giftCardId));

/** A card of `amountMinor` bought and paid, and a new guest's booking of `adults` on a new departure with its code (on `account`'s storefront if given). */
async function bookedWithCard(amountMinor: number, adults: number, account?: string) {
  const buyer = await syncedUser();
  const card = await boughtCard(buyer, amountMinor, account);
  const guest = await world.bookingUser(acme);
  const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 200 });
  const body = world.bookingBody(acme, slot.id, adults, { giftCardCode: card.code });
  const placed = await world.placeBooking(guest.idToken, body, account ? { account } : {});
  return { buyer, card, guest, slot, placed };
}

describe("buyGiftCard", () => {
  it("needs sign-in; takes no gift card as payment; refuses amounts out of range and past dates", async () => {
    const buyer = await syncedUser();
    expect((await buy(null, order("a@example.com"))).status).toBe(401);
    // A gift card cannot pay for a gift card: the body has no such field (strict).
    const withCard = await buy(buyer, order("a@example.com", { giftCardCode: "ABCD-EFGH-JKMN-PQRS" }));
    expect(withCard.status).toBe(400);
    expect((await buy(buyer, order("a@example.com", { amountMinor: 999 }))).status).toBe(400);
    expect((await buy(buyer, order("a@example.com", { amountMinor: 100_001 }))).status).toBe(400);
    expect((await buy(buyer, order("not an email"))).status).toBe(400);
    expect((await buy(buyer, order("a@example.com", { message: "x".repeat(501) }))).status).toBe(400);
    // One text rule (issue 39 item 18): no CR/LF, BEL, ESC or bidi controls in the sender, the recipient or the message.
    for (const hostile of ["Rel\r\nBcc: x@evil.example", "A\u0007", "A\u001b[2J", "A\u202Eb"]) {
      expect((await buy(buyer, order("a@example.com", { senderName: hostile }))).status).toBe(400);
      expect((await buy(buyer, order("a@example.com", { recipientName: hostile }))).status).toBe(400);
    }
    expect((await buy(buyer, order("a@example.com", { message: "Hi\u202E" }))).status).toBe(400);
    expect((await buy(buyer, order("a@example.com", { deliverOn: "2001-01-01" }))).status).toBe(400);
    expect((await buy(buyer, order("a@example.com", { timeZone: "Mars/Olympus" }))).status).toBe(400);
    expect((await buy(buyer, order("a@example.com", { returnPath: "//evil.example" }))).status).toBe(400);
  });

  it("paid: the issue row is the price, the code is emailed once and never stored in clear", async () => {
    const buyer = await syncedUser();
    const to = uniqueEmail("recipient");
    const started = await buy(buyer, order(to));
    expect(started.status).toBe(201);
    const session = world.sessionIdOf(started.body.data.checkoutUrl);
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, session));
    expect(checkout).toMatchObject({ amountMinor: 5_000, currency: "USD", purchaseKind: "gift_card", bookingId: null });
    // Unpaid: nobody's card, no email.
    expect((await v1.myGiftCards({ token: buyer.idToken })).body.data).toEqual([]);
    expect(await outboxFor(to)).toEqual([]);

    expect((await world.pay(session)).body.data.status).toBe("paid");
    const mail = (await outboxFor(to)).filter((message) => message.kind === "gift_card");
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Alex sent you a $50.00 gift card");
    expect(mail[0].textBody).toContain("Happy birthday!");
    const grouped = /Your code: ([2-9A-Z-]{19})/.exec(mail[0].textBody)![1];
    const code = normalizeGiftCardCode(grouped)!;
    const receipt = (await outboxFor(buyer.email)).find((message) => message.kind === "gift_card_receipt");
    expect(receipt.textBody).not.toContain(code.slice(0, 8));

    const [row] = await db().select().from(giftCards).where(eq(giftCards.id, started.body.data.id));
    expect(row).toMatchObject({ status: "active", last4: code.slice(-4), codeHash: hashGiftCardCode(code) });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(grouped);
    expect(await ledgerOf(row.id)).toEqual([expect.objectContaining({ kind: "issue", amountMinor: 5_000 })]);

    const balance = await v1.giftCardBalance({ body: { code: grouped } });
    expect(balance.body.data).toMatchObject({ last4: code.slice(-4), balanceMinor: 5_000, operatorName: null });
    const mine = await v1.myGiftCards({ token: buyer.idToken });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ relation: "bought", amountMinor: 5_000, balanceMinor: 5_000, status: "active" }),
    ]);
    // The same payment event again changes nothing.
    expect((await world.pay(session)).status).toBe(409);
    expect((await outboxFor(to)).filter((message) => message.kind === "gift_card")).toHaveLength(1);
  });

  it("a later delivery date: paid now, emailed by the due work on that day at 08:00 in the buyer's zone, once", async () => {
    const buyer = await syncedUser();
    const to = uniqueEmail("recipient");
    const now = new Date((await v1.devClock()).body.data.now);
    const day = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const started = await buy(buyer, order(to, { deliverOn: day, timeZone: "Asia/Tokyo" }));
    expect(started.status).toBe(201);
    expect(started.body.data.deliverAt).toBe(new Date(`${day}T08:00:00+09:00`).toISOString());
    await world.pay(world.sessionIdOf(started.body.data.checkoutUrl));
    const [scheduled] = await db().select().from(giftCards).where(eq(giftCards.id, started.body.data.id));
    expect(scheduled).toMatchObject({ status: "scheduled", codeHash: null, last4: null });
    expect(await outboxFor(to)).toEqual([]);
    const receipt = (await outboxFor(buyer.email)).find((message) => message.kind === "gift_card_receipt");
    expect(receipt.textBody).toContain("We will email it to them on");

    const minutes = Math.ceil((scheduled.deliverAt.getTime() - now.getTime()) / 60_000);
    const early = await v1.moveDevClock({ body: { advanceMinutes: minutes - 5 } });
    expect(early.body.data.ran.giftCards).toBe(0);
    const due = await v1.moveDevClock({ body: { advanceMinutes: 6 } });
    expect(due.body.data.ran.giftCards).toBe(1);
    expect((await v1.moveDevClock({ body: { advanceMinutes: 1 } })).body.data.ran.giftCards).toBe(0);
    expect((await outboxFor(to)).filter((message) => message.kind === "gift_card")).toHaveLength(1);
    const [delivered] = await db().select().from(giftCards).where(eq(giftCards.id, started.body.data.id));
    expect(delivered.status).toBe("active");
  });

  it("a storefront's card is good only there; the operator lists it (owner and manager; guides 403, others 404)", async () => {
    const buyer = await syncedUser();
    const card = await boughtCard(buyer, 2_000, "acme");
    expect((await v1.giftCardBalance({ body: { code: card.code }, account: "acme" })).status).toBe(200);
    const elsewhere = await v1.giftCardBalance({ body: { code: card.code } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.code).toBe("gift_card_invalid");

    const owner = await syncedMember(db(), "acme", "owner");
    const manager = await syncedMember(db(), "acme", "manager");
    const guide = await syncedMember(db(), "acme", "guide");
    const listed = await v1.operatorListGiftCards(asMember(manager.idToken));
    expect(listed.status).toBe(200);
    expect(listed.body.data.currency).toBe("USD");
    const item = listed.body.data.items.find((row: { id: string }) => row.id === card.id);
    expect(item).toMatchObject({ last4: normalizeGiftCardCode(card.code)!.slice(-4), amountMinor: 2_000 });
    expect(JSON.stringify(listed.body.data)).not.toContain(normalizeGiftCardCode(card.code));
    expect((await v1.operatorListGiftCards(asMember(owner.idToken))).status).toBe(200);
    expect((await v1.operatorListGiftCards(asMember(guide.idToken))).status).toBe(403);
    expect((await v1.operatorListGiftCards(asMember(undefined))).status).toBe(401);
    expect((await v1.operatorListGiftCards(asMember(owner.idToken, { account: "harbor" }))).status).toBe(404);
    // A marketplace card is nobody's console business.
    const marketplace = await boughtCard(buyer, 1_500);
    const again = await v1.operatorListGiftCards(asMember(owner.idToken));
    expect(again.body.data.items.map((row: { id: string }) => row.id)).not.toContain(marketplace.id);
  });
});

describe("paying a booking with a gift card (createBooking giftCardCode)", () => {
  it("part: the checkout charges the rest; a cancellation gives the card its part and the provider the rest", async () => {
    const { card, guest, placed } = await bookedWithCard(2_000, 2);
    expect(placed.status).toBe(201);
    const booking = placed.body.data.booking;
    expect(booking.giftCardMinor).toBe(2_000);
    const session = world.sessionIdOf(placed.body.data.checkoutUrl);
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, session));
    expect(checkout.amountMinor).toBe(booking.totalMinor - 2_000);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(0);
    await world.pay(session);

    const cancelled = await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken });
    expect(cancelled.status).toBe(200);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(2_000);
    const [refund] = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id));
    expect(refund).toMatchObject({ amountMinor: booking.totalMinor, giftCardMinor: 2_000, status: "made" });
    const [paid] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, session));
    expect(paid.refundedMinor).toBe(booking.totalMinor - 2_000);
    const ledger = await ledgerOf(card.id);
    expect(ledger.map((row) => row.kind).sort()).toEqual(["issue", "redeem", "refund"]);
    expect(ledger.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(2_000);
  });

  it("a card kept on the account pays by its id (savedGiftCardId); another's, a used-up one, or both ways at once are refused", async () => {
    const buyer = await syncedUser();
    const card = await boughtCard(buyer, 1_500);
    const guest = await world.bookingUser(acme);
    const saved = await v1.addGiftCardToWallet({ token: guest.idToken, body: { code: card.code } });
    expect(saved.status).toBe(201);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 205 });
    // Someone who did not keep the card cannot spend it by its id: the one uniform refusal, nothing held.
    const stranger = await world.bookingUser(acme);
    const refused = await world.placeBooking(
      stranger.idToken,
      world.bookingBody(acme, slot.id, 1, { savedGiftCardId: card.id }),
    );
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("gift_card_invalid");
    // A code and an id together: which one would pay? Refused before anything is held.
    const both = await world.placeBooking(
      guest.idToken,
      world.bookingBody(acme, slot.id, 1, { savedGiftCardId: card.id, giftCardCode: card.code }),
    );
    expect(both.status).toBe(400);
    expect(await db().select().from(bookings).where(eq(bookings.slotId, slot.id))).toEqual([]);

    const placed = await world.placeBooking(
      guest.idToken,
      world.bookingBody(acme, slot.id, 1, { savedGiftCardId: card.id }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body.data.booking.giftCardMinor).toBe(1_500);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(0);
    // Spent, it pays nothing more: refused like any other card.
    const again = await world.placeBooking(
      guest.idToken,
      world.bookingBody(acme, (await world.createSlot(db(), acme.serviceId, { startsInHours: 206 })).id, 1, {
        savedGiftCardId: card.id,
      }),
    );
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("gift_card_invalid");
  });

  it("an operator's partial refund goes back to the card first, then to the card payment", async () => {
    const { card, placed } = await bookedWithCard(2_000, 2, "acme");
    const booking = placed.body.data.booking;
    const session = world.sessionIdOf(placed.body.data.checkoutUrl);
    await world.pay(session);
    const manager = await syncedMember(db(), "acme", "manager");
    const refund = (amountMinor: number, alreadyRefundedMinor: number) =>
      v1.operatorRefundBooking({
        params: { bookingId: booking.id },
        ...asMember(manager.idToken),
        body: {
          amountMinor,
          alreadyRefundedMinor,
          reason: "Rain",
          releaseSeats: false,
          idempotencyKey: uniqueEmail("k").replace(/\W/g, ""),
        },
      });
    const first = await refund(1_500, 0);
    expect(first.status).toBe(201);
    expect(first.body.data.booking).toMatchObject({ giftCardMinor: 2_000, refundedMinor: 1_500 });
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(1_500);
    const second = await refund(1_000, 1_500);
    expect(second.status).toBe(201);
    // 500 more to the card (all it paid), 500 to the card payment.
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(2_000);
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, session));
    expect(checkout.refundedMinor).toBe(500);
    const rows = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id));
    expect(rows.map((row) => row.giftCardMinor).sort()).toEqual([1_500, 500]);
  });

  it("all: confirmed at once without a checkout; cancelled, it all goes back to the card", async () => {
    const { card, guest, placed } = await bookedWithCard(100_000, 1);
    expect(placed.status).toBe(201);
    const booking = placed.body.data.booking;
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(booking.giftCardMinor).toBe(booking.totalMinor);
    expect(placed.body.data.checkoutUrl).not.toContain("/sandbox/checkout/");
    expect(await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.bookingId, booking.id))).toEqual([]);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(100_000 - booking.totalMinor);

    await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken });
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(100_000);
    const mails = await outboxFor(guest.email);
    const confirmation = mails.find((message) => message.kind === "booking_confirmed");
    expect(confirmation.textBody).toContain("Paid with a gift card:");
    const cancellation = mails.find((message) => message.kind === "booking_cancelled");
    expect(cancellation.textBody).toContain("is back on your gift card now");
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundMinor: booking.totalMinor });
  });

  it("a hold that ends unpaid gives the card back what it took, once; a late payment is then refunded", async () => {
    const { card, placed } = await bookedWithCard(1_000, 1);
    const id = placed.body.data.booking.id;
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(0);
    await world.expireHoldNow(db(), id);
    await v1.moveDevClock({ body: { advanceMinutes: 1 } });
    await v1.moveDevClock({ body: { advanceMinutes: 1 } });
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(1_000);
    const released = (await ledgerOf(card.id)).filter((row) => row.kind === "release");
    expect(released).toEqual([expect.objectContaining({ amountMinor: 1_000, bookingId: id })]);

    // The checkout is still payable for a while: that payment is refunded in full, the card keeps its balance.
    const session = world.sessionIdOf(placed.body.data.checkoutUrl);
    await world.pay(session);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row.status).toBe("refunded");
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, session));
    expect(checkout.refundedMinor).toBe(checkout.amountMinor);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(1_000);
  });

  it("a wrong, empty or other storefront's card reads the same and holds nothing", async () => {
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 200, capacity: 5 });
    const { code: harbor } = await issuedGiftCard(db(), 5_000, {
      accountId: await accountIdOf(db(), "harbor"),
      currency: "EUR",
      recipientEmail: "x@example.com",
    });
    const { card: empty, code: emptyCode } = await issuedGiftCard(db(), 1_000, { recipientEmail: "y@example.com" });
    await db()
      .insert(giftCardTransactions)
      .values({
        id: `gct_${empty.id}`,
        giftCardId: empty.id,
        kind: "redeem",
        amountMinor: -1_000,
        idempotencyKey: "x",
      });
    // The database's own guard: no row may take a card below zero, whoever writes it.
    await expect(
      db()
        .insert(giftCardTransactions)
        .values({
          id: `gct_${empty.id}_2`,
          giftCardId: empty.id,
          kind: "redeem",
          amountMinor: -1,
          idempotencyKey: "y",
        }),
    ).rejects.toThrow();
    // "" and blanks are a code that names no card, not "no card" (issue 39 item 19).
    for (const code of ["ABCD-EFGH-JKMN-PQRS", "nonsense", harbor, emptyCode, "", "   "]) {
      const placed = await world.placeBooking(
        guest.idToken,
        world.bookingBody(acme, slot.id, 1, { giftCardCode: code }),
      );
      expect(placed.status).toBe(404);
      expect(placed.body.error).toMatchObject({
        code: "gift_card_invalid",
        message: "This gift card code is not valid here, or has no balance left.",
      });
    }
    const held = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.slotId, slot.id), eq(bookings.userId, guest.uid)));
    expect(held).toEqual([]);
  });

  it("a card good here in another currency says so: 409 gift_card_currency with both currencies, nothing held", async () => {
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 200, capacity: 5 });
    const other = acme.currency === "EUR" ? "USD" : "EUR";
    const { card, code } = await issuedGiftCard(db(), 5_000, { currency: other, recipientEmail: "z@example.com" });
    const placed = await world.placeBooking(guest.idToken, world.bookingBody(acme, slot.id, 1, { giftCardCode: code }));
    expect(placed.status).toBe(409);
    expect(placed.body.error).toMatchObject({
      code: "gift_card_currency",
      details: { cardCurrency: other, currency: acme.currency },
    });
    expect(placed.body.error.message).toContain(`in ${other}`);
    expect(placed.body.error.message).toContain(`priced in ${acme.currency}`);
    const held = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.slotId, slot.id), eq(bookings.userId, guest.uid)));
    expect(held).toEqual([]);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(5_000);
  });
});
