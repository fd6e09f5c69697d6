import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fulfilBooking } from "~api/bookings/fulfilment";
import { newBookingId } from "~api/bookings/ids";
import { bookings, notifications, promoCodes, sandboxCheckouts, slots, users } from "~api/db/schema";
import { expireHolds } from "~api/bookings/hold-expiry";
import { jobsEnabled } from "~api/jobs/runner";
import * as world from "../../support/booking";
import { outboxFor } from "../../support/identity";
import { usingPostgres } from "../../support/env";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

let userId: string;
beforeAll(async () => {
  userId = `sweep-${randomUUID()}`;
  await db()
    .insert(users)
    .values({ id: userId, email: `${userId}@example.com`, signInMethod: "password" });
});

/** Held bookings written straight into the database (seats taken as the API would). */
async function heldBookings(
  slotId: string,
  count: number,
  options: { expired: boolean; seats?: number; promoCode?: string },
) {
  const seats = options.seats ?? 1;
  const ids = Array.from({ length: count }, () => newBookingId());
  await db()
    .insert(bookings)
    .values(
      ids.map((id) => ({
        id,
        userId,
        accountId: acme.accountId,
        experienceId: acme.experienceId,
        serviceId: acme.serviceId,
        slotId,
        status: "held" as const,
        tickets: [
          {
            ticketTypeId: acme.adult.id,
            code: "adult",
            name: "Adult",
            quantity: seats,
            unitPriceMinor: acme.adult.priceMinor,
          },
        ],
        seats,
        subtotalMinor: acme.adult.priceMinor * seats,
        discountMinor: 0,
        feesMinor: 0,
        taxMinor: 0,
        totalMinor: acme.adult.priceMinor * seats,
        currency: "USD",
        promoCode: options.promoCode ?? null,
        // Expiries spread over ten minutes, so sweeps claim rows of several departures interleaved.
        holdExpiresAt: options.expired
          ? new Date(Date.now() - 1_000 - Math.floor(Math.random() * 600_000))
          : new Date(Date.now() + 15 * 60_000),
        idempotencyKey: randomUUID(),
        origin: "http://localhost",
      })),
    );
  await db()
    .update(slots)
    .set({ seatsTaken: sql`${slots.seatsTaken} + ${count * seats}` })
    .where(eq(slots.id, slotId));
  if (options.promoCode) {
    await db()
      .update(promoCodes)
      .set({ redemptions: sql`${promoCodes.redemptions} + ${count}` })
      .where(eq(promoCodes.code, options.promoCode));
  }
  return ids;
}

async function statuses(ids: string[]) {
  const rows = await db().select({ status: bookings.status }).from(bookings).where(inArray(bookings.id, ids));
  return rows.map((row) => row.status);
}

describe("expireHolds", () => {
  it("expires held bookings past their hold and frees their seats and promo redemptions exactly once", async () => {
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 20, seatsLeft: 20 });
    await db().delete(promoCodes).where(eq(promoCodes.code, "SWEEPME"));
    await db().insert(promoCodes).values({ code: "SWEEPME", percentOff: 5, maxRedemptions: 10 });
    const expired = await heldBookings(slot.id, 3, { expired: true, seats: 2, promoCode: "SWEEPME" });
    const live = await heldBookings(slot.id, 2, { expired: false, seats: 1 });
    expect(await world.seatsTaken(db(), slot.id)).toBe(8);

    const first = await expireHolds(db(), { slotId: slot.id });
    expect(first).toEqual({ expired: 3, seatsFreed: 6 });
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    expect(await statuses(expired)).toEqual(["expired", "expired", "expired"]);
    expect(await statuses(live)).toEqual(["held", "held"]);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, expired[0]));
    expect(row.paymentStatus).toBe("expired");
    const [promo] = await db().select().from(promoCodes).where(eq(promoCodes.code, "SWEEPME"));
    expect(promo.redemptions).toBe(0);

    expect(await expireHolds(db(), { slotId: slot.id })).toEqual({ expired: 0, seatsFreed: 0 });
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
  });

  it("a scoped sweep leaves other departures alone", async () => {
    const a = await world.createSlot(db(), acme.serviceId, { capacity: 10 });
    const b = await world.createSlot(db(), acme.serviceId, { capacity: 10 });
    await heldBookings(a.id, 2, { expired: true });
    const onB = await heldBookings(b.id, 2, { expired: true });
    expect((await expireHolds(db(), { slotId: a.id })).expired).toBe(2);
    expect(await statuses(onB)).toEqual(["held", "held"]);
    expect(await world.seatsTaken(db(), b.id)).toBe(2);
    expect((await expireHolds(db(), { serviceId: acme.serviceId })).expired).toBeGreaterThanOrEqual(2);
    expect(await world.seatsTaken(db(), b.id)).toBe(0);
  });

  it(`concurrent sweeps never free a seat twice (${usingPostgres ? "PostgreSQL: real concurrency" : "PGlite: serialised"})`, async () => {
    for (let round = 0; round < 3; round++) {
      const slotList = await Promise.all(
        Array.from({ length: 4 }, () => world.createSlot(db(), acme.serviceId, { capacity: 100, seatsLeft: 100 })),
      );
      await db()
        .insert(promoCodes)
        .values({ code: `RACE${round}`, percentOff: 5 })
        .onConflictDoUpdate({ target: promoCodes.code, set: { redemptions: 0 } });
      for (const slot of slotList) await heldBookings(slot.id, 60, { expired: true, promoCode: `RACE${round}` });
      for (const slot of slotList) expect(await world.seatsTaken(db(), slot.id)).toBe(60);
      const results = await Promise.all(Array.from({ length: 4 }, () => expireHolds(db())));
      const total = results.reduce((sum, result) => sum + result.expired, 0);
      const freed = results.reduce((sum, result) => sum + result.seatsFreed, 0);
      expect(total).toBe(240);
      expect(freed).toBe(240);
      for (const slot of slotList) expect(await world.seatsTaken(db(), slot.id)).toBe(0);
      const [promo] = await db()
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.code, `RACE${round}`));
      expect(promo.redemptions).toBe(0);
      expect((await expireHolds(db())).expired).toBe(0);
    }
  });

  it("taking seats sweeps the departure first: a slot full of expired holds can be booked", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 4 });
    const stale = await heldBookings(slot.id, 4, { expired: true });
    expect(await world.seatsTaken(db(), slot.id)).toBe(4);
    const res = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 3));
    expect(res.status).toBe(201);
    expect(await world.seatsTaken(db(), slot.id)).toBe(3);
    expect(await statuses(stale)).toEqual(["expired", "expired", "expired", "expired"]);
  });
});

describe("late payments", () => {
  it("paid after the hold expired, seats still free: taken again and confirmed", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 5 });
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 2, { promoCode: "FALL10" }));
    const id = placed.body.data.booking.id;
    await world.expireHoldNow(db(), id);
    await expireHolds(db(), { slotId: slot.id });
    expect((await world.bookingRow(db(), id)).status).toBe("expired");
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);
    const [before] = await db().select().from(promoCodes).where(eq(promoCodes.code, "FALL10"));

    const paid = await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl));
    expect(paid.body.data.status).toBe("paid");
    expect(await world.bookingRow(db(), id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    const [after] = await db().select().from(promoCodes).where(eq(promoCodes.code, "FALL10"));
    expect(after.redemptions).toBe(before.redemptions + 1);
    expect((await outboxFor(user.email)).filter((message) => message.kind === "booking_confirmed")).toHaveLength(1);
  });

  it("paid after the hold expired and the seats were sold: refunded in full, never double-booked", async () => {
    // Someone else books the freed seats (the sweep runs before taking them).
    const { late, slot, placed, id } = await world.lapsedHoldSoldOn(db(), acme, { capacity: 3, held: 2, sold: 3 });
    expect((await world.bookingRow(db(), id)).status).toBe("expired");
    expect(await world.seatsTaken(db(), slot.id)).toBe(3);

    const paid = await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl));
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe("paid");
    const row = await world.bookingRow(db(), id);
    expect(row).toMatchObject({ status: "refunded", paymentStatus: "refunded", refundMinor: row.totalMinor });
    expect(await world.seatsTaken(db(), slot.id)).toBe(3);
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.bookingId, id));
    expect(checkout.refundedMinor).toBe(row.totalMinor);
    const mails = await outboxFor(late.email);
    expect(mails.filter((message) => message.kind === "booking_confirmed")).toEqual([]);
    expect(mails.filter((message) => message.kind === "booking_refunded")).toHaveLength(1);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, late.uid), eq(notifications.kind, "booking_refunded")));
    expect(notes).toHaveLength(1);
    const view = await v1.booking({ params: { id }, token: late.idToken });
    expect(view.body.data).toMatchObject({ status: "refunded", refundMinor: row.totalMinor, canCancel: false });

    // Fulfilment called again (a webhook retry, refresh-payment): nothing more happens.
    expect(
      await fulfilBooking(db(), id, {
        sessionId: checkout.id,
        paymentIntentId: checkout.paymentIntentId,
        paymentMethodSaved: false,
      }),
    ).toBe("ignored");
    expect((await outboxFor(late.email)).filter((message) => message.kind === "booking_refunded")).toHaveLength(1);
  });

  it("fulfilment is idempotent: three calls confirm once and send one email", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
    const id = placed.body.data.booking.id;
    const sessionId = world.sessionIdOf(placed.body.data.checkoutUrl);
    const payment = { sessionId, paymentIntentId: "pi_sandbox_manual", paymentMethodSaved: false };
    // The sandbox took the payment the calls tell of (the ledger is reconciled with it).
    await db()
      .update(sandboxCheckouts)
      .set({ status: "paid", paymentIntentId: payment.paymentIntentId, completedAt: new Date() })
      .where(eq(sandboxCheckouts.id, sessionId));
    const outcomes = await Promise.all([
      fulfilBooking(db(), id, payment),
      fulfilBooking(db(), id, payment),
      fulfilBooking(db(), id, payment),
    ]);
    expect(outcomes.sort()).toEqual(["already_confirmed", "already_confirmed", "confirmed"]);
    expect((await outboxFor(user.email)).filter((message) => message.kind === "booking_confirmed")).toHaveLength(1);
    expect(await fulfilBooking(db(), id, { ...payment, sessionId: "cs_sandbox_someoneelse" })).toBe("ignored");
  });

  it("refresh-payment asks the provider and fulfils a paid checkout", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
    const id = placed.body.data.booking.id;
    // The checkout is paid, but the event never arrived (as if the webhook were lost).
    await db()
      .update(sandboxCheckouts)
      .set({ status: "paid", paymentIntentId: "pi_sandbox_lostwebhook", completedAt: new Date() })
      .where(eq(sandboxCheckouts.bookingId, id));
    expect((await world.bookingRow(db(), id)).status).toBe("held");
    const res = await v1.refreshPayment({ params: { id }, token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: "confirmed", paymentStatus: "paid" });
    expect((await world.bookingRow(db(), id)).paymentIntentId).toBe("pi_sandbox_lostwebhook");
    // Still open: stays held.
    const open = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
    const still = await v1.refreshPayment({ params: { id: open.body.data.booking.id }, token: user.idToken });
    expect(still.body.data.status).toBe("held");
  });
});

describe("the job runner", () => {
  it("is off under vitest (unless JOBS_ENABLED=true) and with JOBS_ENABLED=false", () => {
    expect(jobsEnabled()).toBe(false);
    expect(jobsEnabled({})).toBe(true);
    expect(jobsEnabled({ VITEST: "true", JOBS_ENABLED: "true" })).toBe(true);
    expect(jobsEnabled({ JOBS_ENABLED: "false" })).toBe(false);
    expect(jobsEnabled({ JOBS_ENABLED: "0" })).toBe(false);
  });
});
