import "../../support/env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accounts,
  bookingChanges,
  bookingRefunds,
  bookings,
  sandboxCheckouts,
  sandboxRefunds,
  waitlistEntries,
} from "~api/db/schema";
import { expectEnvelope } from "../../support/api";
import * as world from "../../support/booking";
import { outboxFor, type TestUser } from "../../support/identity";
import { formatMoney } from "~contract/money";
import { groupTicketCode } from "~contract/bookings/ticket-code";
import { formatDepartureTime } from "~api/bookings/format";
import { auditEntries, departureCancelledByOwner, syncedMember } from "../../support/operator";
import { expireRescheduleHolds } from "~api/bookings/reschedule-payment";
import { settleDueRefunds } from "~api/bookings/refunds";
import { receiveEvent } from "~api/payments/events";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

/** rescheduleBooking: a confirmed booking moves to another departure of its service, in one locked step. */
const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

function reschedule(user: TestUser, bookingId: string, slotId: string, key = randomUUID()) {
  return v1.rescheduleBooking({
    params: { id: bookingId },
    token: user.idToken,
    body: { slotId },
    headers: { "Idempotency-Key": key },
  });
}

/** A new guest's confirmed booking of `adults` on a new departure of acme's, and another departure to move it to (each of `capacity` seats, 10 unless told). */
async function bookedToMove(adults: number, capacity?: number) {
  const guest = await world.bookingUser(acme);
  const from = await world.createSlot(db(), acme.serviceId, { capacity });
  const to = await world.createSlot(db(), acme.serviceId, { capacity });
  const booking = await world.confirmedBooking(guest, acme, from.id, adults);
  return { guest, from, to, booking };
}

/**
 * A new guest's confirmed booking of `adults` moved to a new departure while the adult price is
 * `rise` dearer, the difference paid: the booking before and after, and its change.
 */
async function paidDearerMove(adults: number, rise: number) {
  const { guest, to, booking } = await bookedToMove(adults);
  const before = await world.bookingRow(db(), booking.id);
  await world.withAdultPrice(db(), acme, acme.adult.priceMinor + rise, async () => {
    const asked = await reschedule(guest, booking.id, to.id);
    expect((await world.pay(world.sessionIdOf(asked.body.data.pendingChange.checkoutUrl))).status).toBe(200);
  });
  const moved = await world.bookingRow(db(), booking.id);
  const [change] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
  return { guest, to, booking, before, moved, change };
}

async function scan(code: string) {
  const manager = await syncedMember(db(), "acme", "manager");
  const res = await v1.operatorCheckIn({
    token: manager.idToken,
    body: { code, idempotencyKey: randomUUID() },
    account: "acme",
  });
  expect(res.status).toBe(200);
  return res.body.data.outcome as string;
}

/**
 * The date change's email (issue 39 item 3): its own message (subject, heading; no second "Booking
 * confirmed", no "Total paid"), the old and new times in the experience's zone, the new ticket and
 * that the old one no longer works, and `sentences` (the money), in its text and its HTML.
 */
async function expectDateChangeEmail(
  guest: TestUser,
  bookingId: string,
  times: { from: { startsAt: Date; endsAt: Date }; to: { startsAt: Date; endsAt: Date } },
  oldCode: string,
  sentences: string[],
) {
  const view = (await v1.booking({ params: { id: bookingId }, token: guest.idToken })).body.data;
  const zone = view.timezone as string;
  const mails = await outboxFor(guest.email);
  expect(mails.filter((message) => message.kind === "booking_confirmed")).toHaveLength(1);
  const moved = mails.filter((message) => message.kind === "booking_rescheduled");
  expect(moved).toHaveLength(1);
  const [mail] = moved;
  expect(mail.subject).toBe(`Date changed: ${view.experienceTitle}`);
  for (const body of [mail.textBody as string, (mail.htmlBody as string).replaceAll("&#x27;", "'")]) {
    expect(body).toContain("Your booking has a new date");
    expect(body).not.toContain("Booking confirmed");
    expect(body).not.toContain("Total paid");
    expect(body).toContain(`Was: ${formatDepartureTime(times.from, zone)}`);
    expect(body).toContain(`Now: ${formatDepartureTime(times.to, zone)}`);
    expect(body).toContain(`(${zone})`);
    expect(body).toContain(`Your old ticket (${groupTicketCode(oldCode)}) no longer works`);
    expect(body).toContain(`Your ticket code: ${groupTicketCode(view.ticketCode)}`);
    for (const sentence of sentences) expect(body).toContain(sentence);
  }
}

describe("rescheduleBooking", () => {
  it("same price: moves at once, the seats follow, a new ticket code (the old one is invalid at check-in), a history row", async () => {
    const { guest, from, to, booking } = await bookedToMove(2, 5);
    const before = await world.bookingRow(db(), booking.id);
    const key = randomUUID();
    const moved = await reschedule(guest, booking.id, to.id, key);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: booking.id, reference: booking.reference, status: "confirmed" });
    const after = await world.bookingRow(db(), booking.id);
    expect(after.slotId).toBe(to.id);
    expect(after.totalMinor).toBe(before.totalMinor);
    expect(after.ticketCode).not.toBe(before.ticketCode);
    expect(await world.seatsTaken(db(), from.id)).toBe(0);
    expect(await world.seatsTaken(db(), to.id)).toBe(2);
    const history = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    expect(history).toEqual([
      expect.objectContaining({ fromSlotId: from.id, toSlotId: to.id, priceDifferenceMinor: 0, idempotencyKey: key }),
    ]);
    // The same key answers the booking again; with another departure it is refused.
    expect((await reschedule(guest, booking.id, to.id, key)).status).toBe(200);
    expectEnvelope(await reschedule(guest, booking.id, from.id, key), 409, "idempotency_key_reused");
    expect(await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id))).toHaveLength(1);
    // A page still showing the old date (another tab) is refused rather than moving the booking again.
    const other = await world.createSlot(db(), acme.serviceId, { capacity: 5 });
    const stale = await v1.rescheduleBooking({
      params: { id: booking.id },
      token: guest.idToken,
      body: { slotId: other.id, currentStartsAt: from.startsAt.toISOString() },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expectEnvelope(stale, 409, "booking_changed");
    await expectDateChangeEmail(guest, booking.id, { from, to }, before.ticketCode, [
      "The price is the same: nothing was charged or refunded.",
      `Paid in all: ${formatMoney(before.totalMinor, before.currency)}`,
    ]);
    // Check-in on the day: the old code is invalid, the new one lets them in.
    await world.startNow(db(), to.id);
    expect(await scan(before.ticketCode)).toBe("invalid");
    expect(await scan(after.ticketCode)).toBe("ok");
  });

  it("cheaper: the difference exactly is refunded through the refund path (booking_refunds and the provider)", async () => {
    const { guest, from, to, booking } = await bookedToMove(2);
    const paid = await world.bookingRow(db(), booking.id);
    const cheaper = acme.adult.priceMinor - 1000;
    await world.withAdultPrice(db(), acme, cheaper, async () => {
      const quote = await v1.quote({
        body: { serviceId: acme.serviceId, slotId: to.id, tickets: [{ ticketTypeId: acme.adult.id, quantity: 2 }] },
      });
      const difference = paid.totalMinor - quote.body.data.breakdown.totalMinor;
      expect(difference).toBeGreaterThan(0);
      const moved = await reschedule(guest, booking.id, to.id);
      expect(moved.status).toBe(200);
      const refunds = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id));
      expect(refunds).toEqual([expect.objectContaining({ amountMinor: difference, status: "made" })]);
      const made = await db()
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, paid.paymentIntentId!));
      expect(made.map((row) => row.amountMinor)).toEqual([difference]);
      const after = await world.bookingRow(db(), booking.id);
      expect(after).toMatchObject({ slotId: to.id, refundMinor: difference, paymentStatus: "paid" });
      const [change] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
      expect(change.priceDifferenceMinor).toBe(-difference);
      // The email says the refund and what is paid in all, not the old total; the old ticket is refused.
      await expectDateChangeEmail(guest, booking.id, { from, to }, paid.ticketCode, [
        `we are refunding the difference of ${formatMoney(difference, paid.currency)}`,
        `Paid in all: ${formatMoney(paid.totalMinor - difference, paid.currency)}`,
      ]);
      await world.startNow(db(), to.id);
      expect(await scan(paid.ticketCode)).toBe("invalid");
    });
  });

  it("cheaper, when the operator refuses refunds on reschedule: 409 and nothing moves", async () => {
    const { guest, from, to, booking } = await bookedToMove(1);
    // The operator's setting, on the console's check-in settings (audited).
    const manager = await syncedMember(db(), "acme", "manager");
    const setting = (rescheduleRefunds: boolean) =>
      v1.operatorUpdateCheckInSettings({
        token: manager.idToken,
        account: "acme",
        body: { requireCheckIn: false, rescheduleRefunds },
      });
    const saved = await setting(false);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ requireCheckIn: false, rescheduleRefunds: false, cancellationCutoffHours: 24 });
    const audited = await auditEntries(db(), "reschedule.settings_updated", manager.uid);
    expect(audited).toHaveLength(1);
    try {
      await world.withAdultPrice(db(), acme, acme.adult.priceMinor - 500, async () => {
        expectEnvelope(await reschedule(guest, booking.id, to.id), 409, "reschedule_refund_refused");
        expect((await world.bookingRow(db(), booking.id)).slotId).toBe(from.id);
        expect(await world.seatsTaken(db(), to.id)).toBe(0);
        expect(await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id))).toEqual([]);
      });
    } finally {
      await db().update(accounts).set({ rescheduleRefunds: true }).where(eq(accounts.id, acme.accountId));
    }
  });

  it("dearer: the checkout asks exactly the difference; paying it moves the booking (old seats to the waitlist, old code invalid), totals are what was paid", async () => {
    const { guest, from, to, booking } = await bookedToMove(2, 4);
    const before = await world.bookingRow(db(), booking.id);
    await world.withAdultPrice(db(), acme, acme.adult.priceMinor + 750, async () => {
      const quote = await v1.quote({
        body: { serviceId: acme.serviceId, slotId: to.id, tickets: [{ ticketTypeId: acme.adult.id, quantity: 2 }] },
      });
      const newTotal = quote.body.data.breakdown.totalMinor as number;
      const difference = newTotal - before.totalMinor;
      expect(difference).toBeGreaterThan(0);
      const key = randomUUID();
      const asked = await reschedule(guest, booking.id, to.id, key);
      expect(asked.status).toBe(200);
      const pending = asked.body.data.pendingChange;
      expect(pending).toMatchObject({ amountMinor: difference, currency: before.currency });
      // Nothing is said before the difference is paid.
      expect((await outboxFor(guest.email)).some((message) => message.kind === "booking_rescheduled")).toBe(false);
      // Nothing moved yet; the new seats are held for the booking.
      expect((await world.bookingRow(db(), booking.id)).slotId).toBe(from.id);
      expect(await world.seatsTaken(db(), from.id)).toBe(2);
      expect(await world.seatsTaken(db(), to.id)).toBe(2);
      const sessionId = world.sessionIdOf(pending.checkoutUrl);
      const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId));
      expect(checkout).toMatchObject({ amountMinor: difference, purchaseKind: "reschedule", bookingId: booking.id });
      // The same key answers the same pending change and checkout.
      const again = await reschedule(guest, booking.id, to.id, key);
      expect(again.body.data.pendingChange.checkoutUrl).toBe(pending.checkoutUrl);
      expect((await world.bookingRow(db(), booking.id)).slotId).toBe(from.id);

      const paid = await world.pay(sessionId);
      expect(paid.status).toBe(200);
      const after = await world.bookingRow(db(), booking.id);
      expect(after).toMatchObject({ slotId: to.id, totalMinor: newTotal, status: "confirmed", paymentStatus: "paid" });
      expect(after.ticketCode).not.toBe(before.ticketCode);
      expect(await world.seatsTaken(db(), from.id)).toBe(0);
      expect(await world.seatsTaken(db(), to.id)).toBe(2);
      const [change] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
      expect(change).toMatchObject({ status: "done", priceDifferenceMinor: difference, toSlotId: to.id });
      expect(change.paymentIntentId).toBeTruthy();
      expect(change.paymentIntentId).not.toBe(before.paymentIntentId);
      const view = await v1.booking({ params: { id: booking.id }, token: guest.idToken });
      expect(view.body.data).toMatchObject({ pendingChange: null, totalMinor: newTotal });
      expect(view.body.data.changes).toEqual([expect.objectContaining({ priceDifferenceMinor: difference })]);
      // Paying twice (the event again) changes nothing.
      expect((await world.pay(sessionId)).status).toBe(409);
      // The email says the difference paid and the new total (one email, sent once paid).
      await expectDateChangeEmail(guest, booking.id, { from, to }, before.ticketCode, [
        `you paid the difference of ${formatMoney(difference, before.currency)}`,
        `Paid in all: ${formatMoney(newTotal, before.currency)}`,
      ]);
      await world.startNow(db(), to.id);
      expect(await scan(before.ticketCode)).toBe("invalid");
      expect(await scan(after.ticketCode)).toBe("ok");
    });
  });

  it("dearer, unpaid: when the hold lapses the held seats are freed and the booking stays where it was", async () => {
    const { guest, from, to, booking } = await bookedToMove(1, 3);
    const before = await world.bookingRow(db(), booking.id);
    await world.withAdultPrice(db(), acme, acme.adult.priceMinor + 500, async () => {
      const asked = await reschedule(guest, booking.id, to.id);
      expect(asked.status).toBe(200);
      expect(await world.seatsTaken(db(), to.id)).toBe(1);
      await db()
        .update(bookingChanges)
        .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(bookingChanges.bookingId, booking.id));
      expect(await expireRescheduleHolds(db())).toBe(1);
      expect(await world.seatsTaken(db(), to.id)).toBe(0);
      expect(await world.seatsTaken(db(), from.id)).toBe(1);
      const [change] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
      expect(change.status).toBe("expired");
      expect(await world.bookingRow(db(), booking.id)).toMatchObject({
        slotId: from.id,
        ticketCode: before.ticketCode,
        totalMinor: before.totalMinor,
      });
      // Its checkout no longer takes the payment.
      expect((await world.pay(world.sessionIdOf(asked.body.data.pendingChange.checkoutUrl))).status).toBe(409);
      const view = await v1.booking({ params: { id: booking.id }, token: guest.idToken });
      expect(view.body.data).toMatchObject({ pendingChange: null, changes: [] });
    });
  });

  it("dearer: a second request replaces the pending one (its seats released); a payment of the replaced one is refunded whole, once", async () => {
    const guest = await world.bookingUser(acme);
    const from = await world.createSlot(db(), acme.serviceId, { capacity: 3 });
    const first = await world.createSlot(db(), acme.serviceId, { capacity: 3 });
    const second = await world.createSlot(db(), acme.serviceId, { capacity: 3 });
    const booking = await world.confirmedBooking(guest, acme, from.id, 1);
    await world.withAdultPrice(db(), acme, acme.adult.priceMinor + 500, async () => {
      const one = await reschedule(guest, booking.id, first.id);
      const two = await reschedule(guest, booking.id, second.id);
      expect(two.status).toBe(200);
      expect(await world.seatsTaken(db(), first.id)).toBe(0);
      expect(await world.seatsTaken(db(), second.id)).toBe(1);
      // The first checkout was closed; were its payment to arrive all the same, it goes back.
      const firstSession = world.sessionIdOf(one.body.data.pendingChange.checkoutUrl);
      expect((await world.pay(firstSession)).status).toBe(409);
      const [stale] = await db()
        .select()
        .from(bookingChanges)
        .where(and(eq(bookingChanges.bookingId, booking.id), eq(bookingChanges.toSlotId, first.id)));
      const event = {
        provider: "sandbox",
        eventId: `evt_${randomUUID()}`,
        type: "checkout.completed" as const,
        providerType: "checkout.completed",
        sessionId: firstSession,
        bookingId: booking.id,
        purchase: { kind: "reschedule" as const, id: stale.id },
        paymentIntentId: `pi_sandbox_late_${stale.id}`,
        paymentMethodSaved: false,
        card: null,
      };
      // As if it had been paid just before it was closed.
      await db()
        .update(sandboxCheckouts)
        .set({ status: "paid", paymentIntentId: event.paymentIntentId })
        .where(eq(sandboxCheckouts.id, firstSession));
      expect((await receiveEvent(db(), event)).outcome).toBe("refunded");
      expect((await receiveEvent(db(), { ...event, eventId: `evt_${randomUUID()}` })).outcome).toBe(
        "already_confirmed",
      );
      const refunds = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id));
      expect(refunds).toEqual([
        expect.objectContaining({
          amountMinor: stale.priceDifferenceMinor,
          paymentIntentId: event.paymentIntentId,
          outsideTotal: true,
          status: "made",
        }),
      ]);
      // The booking's own refunded sum is untouched; the second move is still payable.
      expect(await world.bookingRow(db(), booking.id)).toMatchObject({
        slotId: from.id,
        refundMinor: 0,
        paymentStatus: "paid",
      });
      expect((await world.pay(world.sessionIdOf(two.body.data.pendingChange.checkoutUrl))).status).toBe(200);
      expect((await world.bookingRow(db(), booking.id)).slotId).toBe(second.id);
    });
  });

  it("a cancellation after a dearer move refunds both payments in full, each to its own payment, once", async () => {
    const { guest, booking, before, moved, change } = await paidDearerMove(2, 300);
    const cancelled = await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken });
    expect(cancelled.status).toBe(200);
    const original = await db()
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, before.paymentIntentId!));
    const difference = await db()
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, change.paymentIntentId!));
    expect(original.map((row) => row.amountMinor)).toEqual([before.totalMinor]);
    expect(difference.map((row) => row.amountMinor)).toEqual([change.priceDifferenceMinor]);
    expect(await world.bookingRow(db(), booking.id)).toMatchObject({
      status: "cancelled",
      refundMinor: moved.totalMinor,
      paymentStatus: "refunded",
    });
    // The sweep finds nothing more to refund.
    expect(await settleDueRefunds(db())).toBe(0);
    expect(
      await db().select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, change.paymentIntentId!)),
    ).toHaveLength(1);
  });

  it("the operator's refunds after a dearer move: a part from the first payment, then the whole rest (seats released) to each payment, once", async () => {
    const { to, booking, before, moved, change } = await paidDearerMove(1, 400);
    const manager = await syncedMember(db(), "acme", "manager");
    const operatorRefund = (amountMinor: number, alreadyRefundedMinor: number, releaseSeats: boolean) =>
      v1.operatorRefundBooking({
        params: { bookingId: booking.id },
        account: "acme",
        token: manager.idToken,
        body: {
          amountMinor,
          alreadyRefundedMinor,
          reason: "Operator refund",
          releaseSeats,
          idempotencyKey: randomUUID().replace(/-/g, ""),
        },
      });
    expect((await operatorRefund(300, 0, false)).status).toBe(201);
    const rest = moved.totalMinor - 300;
    expect((await operatorRefund(rest, 300, true)).status).toBe(201);
    const refundsTo = async (intent: string) =>
      (await db().select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intent)))
        .map((row) => row.amountMinor)
        .reduce((sum, amount) => sum + amount, 0);
    expect(await refundsTo(before.paymentIntentId!)).toBe(before.totalMinor);
    expect(await refundsTo(change.paymentIntentId!)).toBe(change.priceDifferenceMinor);
    expect(await world.bookingRow(db(), booking.id)).toMatchObject({
      status: "cancelled",
      refundMinor: moved.totalMinor,
      paymentStatus: "refunded",
    });
    expect(await world.seatsTaken(db(), to.id)).toBe(0);
  });

  it("the operator cancels the new departure after a paid dearer move: both payments refunded; a pending move to a cancelled departure is refunded when paid", async () => {
    const { guest, to, booking } = await bookedToMove(1);
    const before = await world.bookingRow(db(), booking.id);
    const other = await world.bookingUser(acme);
    const otherFrom = await world.createSlot(db(), acme.serviceId);
    const otherBooking = await world.confirmedBooking(other, acme, otherFrom.id, 1);
    const pendingUrl: string = await world.withAdultPrice(db(), acme, acme.adult.priceMinor + 250, async () => {
      const asked = await reschedule(guest, booking.id, to.id);
      expect((await world.pay(world.sessionIdOf(asked.body.data.pendingChange.checkoutUrl))).status).toBe(200);
      // Another traveller's move to the same departure waits for its payment.
      const waiting = await reschedule(other, otherBooking.id, to.id);
      return waiting.body.data.pendingChange.checkoutUrl;
    });
    const [change] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    await departureCancelledByOwner(db(), to.id);
    const refundsTo = async (intent: string) =>
      (await db().select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intent))).map(
        (row) => row.amountMinor,
      );
    expect(await refundsTo(before.paymentIntentId!)).toEqual([before.totalMinor]);
    expect(await refundsTo(change.paymentIntentId!)).toEqual([change.priceDifferenceMinor]);
    // The other traveller pays the move to the cancelled departure: not moved, refunded whole.
    expect((await world.pay(world.sessionIdOf(pendingUrl))).status).toBe(200);
    expect((await world.bookingRow(db(), otherBooking.id)).slotId).toBe(otherFrom.id);
    const [late] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, otherBooking.id));
    expect(late.status).toBe("refunded");
    expect(await refundsTo(late.paymentIntentId!)).toEqual([late.priceDifferenceMinor]);
  });

  it("dearer, the booking cancelled while its checkout is open: the payment that still comes is refunded whole, the held seats freed, nothing moves", async () => {
    const { guest, from, to, booking } = await bookedToMove(1);
    const checkoutUrl: string = await world.withAdultPrice(
      db(),
      acme,
      acme.adult.priceMinor + 150,
      async () => (await reschedule(guest, booking.id, to.id)).body.data.pendingChange.checkoutUrl,
    );
    expect(await world.seatsTaken(db(), to.id)).toBe(1);
    expect((await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken })).status).toBe(200);
    expect((await world.pay(world.sessionIdOf(checkoutUrl))).status).toBe(200);
    const [change] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    expect(change.status).toBe("refunded");
    expect(await world.seatsTaken(db(), to.id)).toBe(0);
    expect(await world.bookingRow(db(), booking.id)).toMatchObject({ slotId: from.id, status: "cancelled" });
    const back = await db()
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, change.paymentIntentId!));
    expect(back.map((row) => row.amountMinor)).toEqual([change.priceDifferenceMinor]);
    // The sweep has nothing left to expire for it.
    expect(await expireRescheduleHolds(db())).toBe(0);
  });

  it("closed past the deadline and after check-in; another guest's booking is not found; hostile input is 4xx", async () => {
    const guest = await world.bookingUser(acme);
    const late = await world.createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours - 2 });
    const to = await world.createSlot(db(), acme.serviceId);
    const lateBooking = await world.confirmedBooking(guest, acme, late.id, 1);
    expectEnvelope(await reschedule(guest, lateBooking.id, to.id), 409, "reschedule_closed");

    const from = await world.createSlot(db(), acme.serviceId);
    const booking = await world.confirmedBooking(guest, acme, from.id, 1);
    expectEnvelope(await reschedule(guest, booking.id, from.id), 409, "same_departure");
    const stranger = await world.bookingUser(acme);
    expectEnvelope(await reschedule(stranger, booking.id, to.id), 404, "booking_not_found");
    expectEnvelope(await reschedule(guest, booking.id, "no-such-slot"), 404, "slot_not_found");
    expectEnvelope(
      await reschedule(guest, booking.id, to.id, "short" as `${string}-${string}-${string}-${string}-${string}`),
      400,
      "validation_error",
    );
    const bad = await v1.rescheduleBooking({
      params: { id: booking.id },
      token: guest.idToken,
      body: { slotId: ["x"] },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expectEnvelope(bad, 400, "validation_error");

    const today = await world.createSlot(db(), acme.serviceId);
    const checkedIn = await world.confirmedBooking(guest, acme, today.id, 1);
    await world.startNow(db(), today.id);
    const [{ ticketCode }] = await db()
      .select({ ticketCode: bookings.ticketCode })
      .from(bookings)
      .where(eq(bookings.id, checkedIn.id));
    expect(await scan(ticketCode)).toBe("ok");
    expectEnvelope(await reschedule(guest, checkedIn.id, to.id), 409, "checked_in");
  });

  it("two concurrent reschedules of one booking give one move", async () => {
    const { guest, from, to, booking } = await bookedToMove(2, 4);
    const answers = await Promise.all([reschedule(guest, booking.id, to.id), reschedule(guest, booking.id, to.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id))).toHaveLength(1);
    expect(await world.seatsTaken(db(), from.id)).toBe(0);
    expect(await world.seatsTaken(db(), to.id)).toBe(2);
  });

  // Last: it moves the product's clock (the due work runs the waitlist).
  it("the old seats go to the waitlist of the old departure", async () => {
    const from = await world.createSlot(db(), acme.serviceId, { capacity: 4, seatsLeft: 2 });
    const to = await world.createSlot(db(), acme.serviceId);
    const guest = await world.bookingUser(acme);
    const booking = await world.confirmedBooking(guest, acme, from.id, 2);
    const waiter = await world.bookingUser(acme);
    const joined = await v1.joinWaitlist({
      token: waiter.idToken,
      body: { serviceId: acme.serviceId, slotId: from.id, seats: 2 },
    });
    expect(joined.status).toBe(201);
    expect((await reschedule(guest, booking.id, to.id)).status).toBe(200);
    const ran = await v1.moveDevClock({ body: { advanceMinutes: 1 } });
    expect(ran.status).toBe(200);
    const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.slotId, from.id));
    expect(entry).toMatchObject({ userId: waiter.uid, status: "offered" });
  });
});
