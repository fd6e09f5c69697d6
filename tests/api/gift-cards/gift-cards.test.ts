import "../../support/env";
import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, bookings, giftCards, giftCardTransactions, sandboxCheckouts } from "~api/db/schema";
import {
  debitGiftCard,
  giftCardBalanceMinor,
  hashGiftCardCode,
  newGiftCardCode,
  refundToGiftCards,
} from "~api/gift-cards/ledger";
import { GIFT_CARD_LOOKUPS_PER_ADDRESS } from "~api/gift-cards/attempts";
import { GIFT_CARD_ALPHABET, groupGiftCardCode, normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import { api } from "../../support/api";
import { accountIdOf, operatorRefund, syncedMember } from "../../support/operator";
import { bookedWithGiftCard, issuedGiftCard } from "../../support/gift-cards";
import { bookingWorld, bookingUser, confirmedBooking, createSlot, pay, sessionIdOf } from "../../support/booking";
import { v1, v1Path } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

const { db, acme } = bookingWorld();
checkLedgerAfterEach(db);

const address = () => `198.51.100.${randomInt(1, 250)}`;
const balanceOf = (code: string, init: { account?: string; ip?: string } = {}) =>
  v1.giftCardBalance({ account: init.account, ip: init.ip ?? address(), body: { code } });

const accountId = (slug: string) => accountIdOf(db(), slug);

const issued = (amountMinor: number, extra: Parameters<typeof issuedGiftCard>[2] = {}) =>
  issuedGiftCard(db(), amountMinor, extra);

describe("gift card codes", () => {
  it("are 16 characters without look-alikes, typed in any case with or without dashes", () => {
    for (let i = 0; i < 200; i++) {
      const code = newGiftCardCode();
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
      expect(normalizeGiftCardCode(groupGiftCardCode(code).toLowerCase())).toBe(code);
      expect(normalizeGiftCardCode(` ${groupGiftCardCode(code)} `)).toBe(code);
    }
    expect(GIFT_CARD_ALPHABET).not.toMatch(/[01OIL]/);
    expect(groupGiftCardCode("ABCDEFGHJKMNPQRS")).toBe("ABCD-EFGH-JKMN-PQRS");
    expect(normalizeGiftCardCode("ABCD-EFGH-JKMN-PQR0")).toBeNull();
    expect(normalizeGiftCardCode("ABCD")).toBeNull();
  });
});

describe("gift card ledger and balance", () => {
  it("stores no code in clear; the balance is the ledger's sum, shown with the last 4 only", async () => {
    const { card, code } = await issued(5_000, { message: "Enjoy" });
    const [row] = await db().select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row!.codeHash).toBe(hashGiftCardCode(code));
    expect(JSON.stringify(row)).not.toContain(code);
    const everything = await db().execute(sql`SELECT row_to_json(g)::text AS j FROM gift_cards g`);
    const texts = ((everything as { rows?: Array<{ j: string }> }).rows ?? []).map((r) => r.j).join("\n");
    expect(texts).toContain(card.last4);
    expect(texts).not.toContain(code);

    const answer = await balanceOf(groupGiftCardCode(code).toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(answer.body.data).toMatchObject({
      last4: code.slice(-4),
      currency: "USD",
      balanceMinor: 5_000,
      operatorName: null,
    });
    expect(JSON.stringify(answer.body)).not.toContain(code);
  });

  it("every failure reads the same: unknown, malformed, empty, another storefront's card", async () => {
    const acmeCard = await issued(2_000, { accountId: await accountId("acme") });
    // Good on its own storefront, not on the marketplace nor another storefront.
    expect((await balanceOf(acmeCard.code, { account: "acme" })).status).toBe(200);
    const other = (await db().select({ slug: accounts.slug }).from(accounts)).find((a) => a.slug !== "acme")!.slug;
    const failures = await Promise.all([
      balanceOf(acmeCard.code),
      balanceOf(acmeCard.code, { account: other }),
      balanceOf(newGiftCardCode()),
      balanceOf("not a code"),
      balanceOf(""),
    ]);
    for (const failure of failures) {
      expect(failure.status).toBe(404);
      expect(failure.body.error).toEqual(failures[0].body.error);
    }
    expect(failures[0].body.error.code).toBe("gift_card_invalid");
    // Hostile bodies are 4xx, never 500.
    const hostile = await api(v1Path("giftCardBalance"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: 42, extra: true }),
    });
    expect(hostile.status).toBe(400);
  });

  it("100 wrong codes from one client: 429 with Retry-After", async () => {
    // An address of its own (198.18.0.0/15, not the other tests' 198.51.100.x): lookups elsewhere in
    // this process must not count toward its limit (CI once saw one land on the same address).
    const ip = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 100; i++) {
      const answer = await balanceOf(newGiftCardCode(), { ip });
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter ??= answer.headers.get("Retry-After");
    }
    expect(statuses.slice(0, GIFT_CARD_LOOKUPS_PER_ADDRESS).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(GIFT_CARD_LOOKUPS_PER_ADDRESS).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("concurrent debits never take a card below zero; a refund goes back to the card; the ledger sums to the balance", async () => {
    const { card, code } = await issued(10_000);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 72, durationMinutes: 60 });
    const guest = await bookingUser(acme);
    const booking = await confirmedBooking(guest, acme, slot.id, 1);
    const [{ currency }] = await db()
      .select({ currency: bookings.currency })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    // 20 debits of 30.00 at once for one booking: one is written (idempotent per booking), the
    // card row's lock serialises them, and the sum stays at or above zero.
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db().transaction((tx) =>
          debitGiftCard(tx, { card: { code }, accountId: null, currency, wantedMinor: 3_000, bookingId: booking.id }),
        ),
      ),
    );
    expect(attempts.every((a) => a.status === "fulfilled")).toBe(true);
    // Each one answers what the one debit took.
    for (const attempt of attempts) if (attempt.status === "fulfilled") expect(attempt.value.takenMinor).toBe(3_000);
    const balance = await giftCardBalanceMinor(db(), card.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    const rows = await db().select().from(giftCardTransactions).where(eq(giftCardTransactions.giftCardId, card.id));
    expect(rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(balance);
    // One booking, one debit (idempotent per booking).
    expect(rows.filter((row) => row.kind === "redeem")).toHaveLength(1);
    expect(balance).toBe(7_000);

    // A refund goes back to the card, at most what it paid, once per key.
    expect(await db().transaction((tx) => refundToGiftCards(tx, booking.id, 5_000, "r1"))).toBe(3_000);
    expect(await db().transaction((tx) => refundToGiftCards(tx, booking.id, 5_000, "r1"))).toBe(0);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(10_000);
  });

  it("a partial refund gives the gift card its part first; a cancellation then refunds the whole rest to the payer's card", async () => {
    const { card, guest, placed, bookingId } = await bookedWithGiftCard(db(), acme, 4_000);
    await pay(sessionIdOf(placed.body.data.checkoutUrl));
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(0);
    const owner = await syncedMember(db(), "acme", "owner");
    const refunded = await operatorRefund(owner.idToken, bookingId, {
      amountMinor: 4_120,
      alreadyRefundedMinor: 0,
      idempotencyKey: "card-first",
    });
    expect(refunded.status).toBe(201);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(4_000);
    // The rest of the $103.00 (61.80) goes back to the payer's card: nothing is counted twice.
    const cancelled = await v1.cancelBooking({ params: { id: bookingId }, token: guest.idToken });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundMinor: 10_300 });
    const [{ refunded: atCheckout }] = await db()
      .select({ refunded: sandboxCheckouts.refundedMinor })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.bookingId, bookingId));
    expect(atCheckout).toBe(6_300);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(4_000);
  });

  it("concurrent debits for several bookings: the card pays them in turn down to zero, never below; the empty card is refused", async () => {
    const { card, code } = await issued(10_000);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 96, durationMinutes: 60 });
    const guest = await bookingUser(acme);
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await confirmedBooking(guest, acme, slot.id, 1));
    const [{ currency }] = await db()
      .select({ currency: bookings.currency })
      .from(bookings)
      .where(eq(bookings.id, placed[0].id));
    const taken = await Promise.allSettled(
      placed.map((booking) =>
        db().transaction((tx) =>
          debitGiftCard(tx, { card: { code }, accountId: null, currency, wantedMinor: 3_000, bookingId: booking.id }),
        ),
      ),
    );
    const took = taken.flatMap((t) => (t.status === "fulfilled" ? [t.value.takenMinor] : []));
    expect(took.sort((a, b) => b - a)).toEqual([3_000, 3_000, 3_000, 1_000]);
    // The fifth finds the card empty and is refused like any unusable code.
    const refused = taken.filter((t) => t.status === "rejected");
    expect(refused.map((t) => (t as PromiseRejectedResult).reason.code)).toEqual(["gift_card_invalid"]);
    expect(await giftCardBalanceMinor(db(), card.id)).toBe(0);
  });

  it("myGiftCards: the cards sent to the caller's email, with balances, last 4 only; sign-in required", async () => {
    const guest = await bookingUser(acme);
    const { code } = await issued(4_200, {
      accountId: await accountId("acme"),
      recipientEmail: guest.email.toUpperCase(),
    });
    const mine = await v1.myGiftCards({ token: guest.idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ last4: code.slice(-4), balanceMinor: 4_200, relation: "received", status: "active" }),
    ]);
    expect(JSON.stringify(mine.body)).not.toContain(code);
    const other = await bookingUser(acme);
    expect((await v1.myGiftCards({ token: other.idToken })).body.data).toEqual([]);
    expect((await api(v1Path("myGiftCards"))).status).toBe(401);
  });

  it("addGiftCardToWallet: keeps a card on the caller's account by its code (201, then 200), listed as saved; limited; every failure reads the same", async () => {
    const guest = await bookingUser(acme);
    const { card, code } = await issued(3_000, { recipientEmail: "someone-else@example.com" });
    const add = (typed: string, init: { ip?: string; account?: string; token?: string | null } = {}) =>
      v1.addGiftCardToWallet({
        ...(init.token === null ? {} : { token: init.token ?? guest.idToken }),
        body: { code: typed },
        ip: init.ip,
        account: init.account,
      });
    expect((await add(code, { token: null })).status).toBe(401);
    const added = await add(groupGiftCardCode(code).toLowerCase());
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      id: card.id,
      relation: "saved",
      balanceMinor: 3_000,
      last4: code.slice(-4),
    });
    expect(JSON.stringify(added.body)).not.toContain(code);
    expect((await add(code)).status).toBe(200);
    const mine = await v1.myGiftCards({ token: guest.idToken });
    expect(mine.body.data).toEqual([expect.objectContaining({ id: card.id, relation: "saved" })]);
    // Another storefront's card, an unknown or malformed code: the one 404.
    const acmeCard = await issued(1_000, { accountId: await accountId("acme"), recipientEmail: "x@example.com" });
    const failures = await Promise.all([add(acmeCard.code), add(newGiftCardCode()), add("nonsense"), add("")]);
    for (const failure of failures) {
      expect(failure.status).toBe(404);
      expect(failure.body.error).toEqual(failures[0].body.error);
    }
    expect((await add(acmeCard.code, { account: "acme" })).status).toBe(201);
    // Guessing codes here is limited as a balance lookup is.
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i <= GIFT_CARD_LOOKUPS_PER_ADDRESS; i++)
      statuses.push((await add(newGiftCardCode(), { ip })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
