import "../../support/env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  bookingRefunds,
  bookings,
  ledgerEntries,
  notifications,
  sandboxCheckouts,
  sandboxRefunds,
} from "~api/db/schema";
import { settleDueRefunds } from "~api/bookings/refunds";
import type { OperatorRole } from "~contract/operator/team";
import { minorUnitDigits, toMajorUnits } from "~contract/money";
import { expectEnvelope, expectRefusedOn } from "../../support/api";
import * as world from "../../support/booking";
import { outboxFor, syncedUser } from "../../support/identity";
import { auditEntries, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";
import { ledgerSidesOf } from "../../support/payouts";

const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

const key = () => randomUUID().replace(/-/g, "");

/** A refund as the console asks it: `amountMinor` now, `alreadyRefundedMinor` as the page saw it, why, whether the seats go back; a fresh key. */
const ask = (amountMinor: number, alreadyRefundedMinor: number, reason: string, releaseSeats: boolean) => ({
  amountMinor,
  alreadyRefundedMinor,
  reason,
  releaseSeats,
  idempotencyKey: key(),
});

function refund(token: string | undefined, bookingId: string, body: unknown, account = "acme") {
  return v1.operatorRefundBooking({ params: { bookingId }, account, ...(token ? { token } : {}), body });
}

const getBooking = (token: string | undefined, bookingId: string, account = "acme") =>
  v1.operatorGetBooking({ params: { bookingId }, account, ...(token ? { token } : {}) });

/** A traveller's paid booking of `adults` on a new departure of acme's. */
async function paidBooking(adults = 2, startsInHours = 240) {
  const guest = await world.bookingUser(acme);
  const slot = await world.createSlot(db(), acme.serviceId, { startsInHours });
  const booking = await world.confirmedBooking(guest, acme, slot.id, adults);
  return { guest, slot, booking };
}

const refundRows = (bookingId: string) =>
  db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, bookingId));

async function sandboxRefundsOf(bookingId: string) {
  const row = await world.bookingRow(db(), bookingId);
  return db().select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, row.paymentIntentId!));
}

async function checkoutRefunded(bookingId: string) {
  const row = await world.bookingRow(db(), bookingId);
  const [checkout] = await db()
    .select()
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.paymentIntentId, row.paymentIntentId!));
  return checkout.refundedMinor;
}

describe("operator refunds: the guard", () => {
  it("signed out 401, a non-member 404, a guide 403 (refund), another operator's booking 404", async () => {
    const [guide, stranger, harborOwner, manager] = await Promise.all([
      member("acme", "guide"),
      syncedUser(),
      member("harbor", "owner"),
      member("acme", "manager"),
    ]);
    const { booking } = await paidBooking(1);
    const body = ask(100, 0, "Goodwill", false);
    expectEnvelope(await refund(undefined, booking.id, body), 401, "unauthorized");
    expectEnvelope(await refund(stranger.idToken, booking.id, body), 404, "not_found");
    expectEnvelope(await refund(guide.idToken, booking.id, body), 403, "forbidden");
    expectEnvelope(await refund(harborOwner.idToken, booking.id, body, "harbor"), 404, "booking_not_found");
    expectEnvelope(await getBooking(undefined, booking.id), 401, "unauthorized");
    expectEnvelope(await getBooking(stranger.idToken, booking.id), 404, "not_found");
    expectEnvelope(await getBooking(harborOwner.idToken, booking.id, "harbor"), 404, "booking_not_found");
    // A guide sees only the bookings of the departures they lead.
    expectEnvelope(await getBooking(guide.idToken, booking.id), 404, "booking_not_found");
    expect((await refundRows(booking.id)).length).toBe(0);
    const seen = await getBooking(manager.idToken, booking.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      booking: { id: booking.id, status: "confirmed" },
      money: {
        paidMinor: booking.totalMinor,
        refundedMinor: 0,
        refundableMinor: booking.totalMinor,
        refunds: [],
        canRefund: true,
        canReleaseSeats: true,
      },
    });
  });

  it("hostile input is a 400, never a 500", async () => {
    const manager = await member("acme", "manager");
    const { booking } = await paidBooking(1);
    const good = ask(100, 0, "Goodwill", false);
    for (const bad of [
      { ...good, amountMinor: 0 },
      { ...good, amountMinor: -5 },
      { ...good, amountMinor: 1.5 },
      { ...good, reason: "" },
      { ...good, reason: "x".repeat(501) },
      { ...good, reason: "bad\u0000reason" },
      { ...good, idempotencyKey: "short" },
      { ...good, idempotencyKey: "a/b/c/d/e/f/g" },
      { ...good, releaseSeats: "yes" },
      { ...good, extra: true },
      {},
    ]) {
      expectEnvelope(await refund(manager.idToken, booking.id, bad), 400, "validation_error");
    }
    expect((await refund(manager.idToken, "bk_nope", good)).status).toBe(400);
    expect((await getBooking(manager.idToken, "not-a-booking")).status).toBe(400);
    expect((await refundRows(booking.id)).length).toBe(0);
  });
});

describe("operator booking: the platform's part and what the operator receives", () => {
  it("paid: the commission on the total (the service fee within it) and the rest the operator's, as the ledger holds them; a refund gives back each part's share; a guide sees no money", async () => {
    const [manager, guide] = await Promise.all([member("acme", "manager"), member("acme", "guide")]);
    const { booking, slot } = await paidBooking(2);
    const { feesMinor, totalMinor, commissionBps } = await world.bookingRow(db(), booking.id);
    expect(feesMinor).toBeGreaterThan(0);
    expect(commissionBps).toBe(1_500);
    // By hand: 15 % of the total, rounded half up, is the platform's part; the service fee is in it.
    const platformMinor = Math.round((totalMinor * 15) / 100);
    expect(platformMinor).toBeGreaterThan(feesMinor);
    const paid = {
      paidMinor: totalMinor,
      serviceFeeMinor: feesMinor,
      commissionMinor: platformMinor - feesMinor,
      operatorMinor: totalMinor - platformMinor,
    };
    const before = (await getBooking(manager.idToken, booking.id)).body.data.money;
    expect(before).toMatchObject(paid);
    const { paidMinor: _paid, ...sides } = paid;
    expect(await ledgerSidesOf(db(), booking.id)).toEqual(sides);

    // Half refunded: each part gives back its share (rounded; the operator's, the largest, takes the rest).
    const half = Math.floor(totalMinor / 2);
    const refunded = await refund(manager.idToken, booking.id, ask(half, 0, "Half the tour", false));
    expect(refunded.status).toBe(201);
    const feeBack = Math.round((feesMinor * half) / totalMinor);
    const commissionBack = Math.round(((platformMinor - feesMinor) * half) / totalMinor);
    const split = {
      serviceFeeMinor: feesMinor - feeBack,
      commissionMinor: platformMinor - feesMinor - commissionBack,
      operatorMinor: totalMinor - platformMinor - (half - feeBack - commissionBack),
    };
    expect(refunded.body.data.booking).toMatchObject(split);
    expect((await getBooking(manager.idToken, booking.id)).body.data.money).toMatchObject({
      refundedMinor: half,
      ...split,
    });
    expect(await ledgerSidesOf(db(), booking.id)).toEqual(split);

    // The guide leading the departure: the booking and its guests, no money.
    await db().execute(`update slots set guide_user_id = '${guide.uid}' where id = '${slot.id}'`);
    const seen = await getBooking(guide.idToken, booking.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data.money).toBeNull();
    expect(seen.body.data).not.toHaveProperty("refunds");
  });
});

describe("operator refunds: partial, full, conflicts", () => {
  it("a partial then the rest; over-refund 409 with what is left; stale 409 with the current figure", async () => {
    const manager = await member("acme", "manager");
    const { guest, booking } = await paidBooking(2);
    const total = booking.totalMinor;
    const part = Math.floor(total / 3);
    const first = await refund(manager.idToken, booking.id, ask(part, 0, "Rain during the tour", false));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      refund: { amountMinor: part, status: "made", reason: "Rain during the tour", releaseSeats: false },
      booking: {
        status: "confirmed",
        paymentStatus: "paid",
        paidMinor: total,
        refundedMinor: part,
        refundableMinor: total - part,
      },
    });
    expect(await world.bookingRow(db(), booking.id)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      refundMinor: part,
    });
    expect(await checkoutRefunded(booking.id)).toBe(part);

    // Stale: the operator saw 0 refunded, but `part` has been since.
    const stale = await refund(manager.idToken, booking.id, ask(100, 0, "Again", false));
    expectEnvelope(stale, 409, "refund_stale");
    expect(stale.body.error.details).toMatchObject({ refundedMinor: part, refundableMinor: total - part });

    // Over: more than what is left.
    const over = await refund(manager.idToken, booking.id, ask(total - part + 1, part, "Too much", false));
    expectEnvelope(over, 409, "refund_exceeds_paid");
    expect(over.body.error.details).toMatchObject({ refundableMinor: total - part });

    // The rest: the payment is refunded in full, the booking stays confirmed.
    const rest = await refund(manager.idToken, booking.id, ask(total - part, part, "Guide was ill", false));
    expect(rest.status).toBe(201);
    expect(rest.body.data.booking).toMatchObject({
      status: "confirmed",
      paymentStatus: "refunded",
      refundedMinor: total,
      refundableMinor: 0,
    });
    expect(await checkoutRefunded(booking.id)).toBe(total);
    expect((await refundRows(booking.id)).map((row) => row.status)).toEqual(["made", "made"]);
    expectEnvelope(await refund(manager.idToken, booking.id, ask(1, total, "More", false)), 409, "refund_exceeds_paid");

    // The traveller: one email and one notification per refund, and the booking's refunds listed.
    const mails = (await outboxFor(guest.email)).filter((mail: { subject: string }) =>
      mail.subject.startsWith("Refund from"),
    );
    expect(mails).toHaveLength(2);
    const text = JSON.stringify(mails);
    expect(text).toContain("Rain during the tour");
    expect(text).toContain("Guide was ill");
    const inbox = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, guest.uid), eq(notifications.kind, "booking_refunded")));
    expect(inbox).toHaveLength(2);
    const view = await v1.booking({ params: { id: booking.id }, token: guest.idToken });
    expect(view.body.data.refunds).toHaveLength(2);
    expect(view.body.data.refunds.map((r: { amountMinor: number }) => r.amountMinor)).toEqual([part, total - part]);
    expect(view.body.data).toMatchObject({ refundMinor: total, paymentStatus: "refunded" });

    // Audited, with the actor.
    const audit = await auditEntries(db(), "booking.refunded", manager.uid);
    expect(audit).toHaveLength(2);
  });

  it("the same idempotency key again answers the same refund: one row, one provider refund", async () => {
    const owner = await member("acme", "owner");
    const { booking } = await paidBooking(1);
    const body = ask(250, 0, "Late start", false);
    const first = await refund(owner.idToken, booking.id, body);
    const again = await refund(owner.idToken, booking.id, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.refund).toEqual(first.body.data.refund);
    expect(await refundRows(booking.id)).toHaveLength(1);
    expect(await sandboxRefundsOf(booking.id)).toHaveLength(1);
    expect((await world.bookingRow(db(), booking.id)).refundMinor).toBe(250);
  });

  it("release seats: the booking cancelled, its seats freed; a cancellation later refunds only the remainder", async () => {
    const manager = await member("acme", "manager");
    const { slot, booking } = await paidBooking(2);
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    const released = await refund(manager.idToken, booking.id, ask(500, 0, "Guest asked to cancel by phone", true));
    expect(released.status).toBe(201);
    expect(released.body.data.booking).toMatchObject({ status: "cancelled", refundedMinor: 500 });
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);
    // Seats cannot be released twice.
    expectEnvelope(await refund(manager.idToken, booking.id, ask(100, 500, "Again", true)), 409, "not_cancellable");
  });

  it("a traveller's cancellation after a partial refund refunds only the remainder", async () => {
    const manager = await member("acme", "manager");
    const { guest, booking } = await paidBooking(2);
    await refund(manager.idToken, booking.id, ask(700, 0, "Goodwill", false));
    const cancelled = await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      refundMinor: booking.totalMinor,
    });
    const rows = await refundRows(booking.id);
    expect(rows.map((row) => row.amountMinor).sort((a, b) => a - b)).toEqual(
      [700, booking.totalMinor - 700].sort((a, b) => a - b),
    );
    expect(rows.every((row) => row.status === "made")).toBe(true);
    expect(await checkoutRefunded(booking.id)).toBe(booking.totalMinor);
  });

  it("release seats is refused once the departure has started; a booking not paid is 409", async () => {
    const manager = await member("acme", "manager");
    const { booking } = await paidBooking(1, 240);
    // Started: move the departure into the past.
    const row = await world.bookingRow(db(), booking.id);
    await db().execute(
      `update slots set starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour' where id = '${row.slotId}'`,
    );
    expectEnvelope(await refund(manager.idToken, booking.id, ask(100, 0, "No show", true)), 409, "departure_started");
    const kept = await refund(manager.idToken, booking.id, ask(100, 0, "Short tour", false));
    expect(kept.status).toBe(201);

    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const held = await world.placeBooking(guest.idToken, world.bookingBody(acme, slot.id, 1));
    expectEnvelope(
      await refund(manager.idToken, held.body.data.booking.id, ask(100, 0, "x", false)),
      409,
      "booking_not_paid",
    );
  });

  it("the sweep settles an owed refund after a provider failure", async () => {
    const manager = await member("acme", "manager");
    const { booking } = await paidBooking(1);
    const row = await world.bookingRow(db(), booking.id);
    // The sandbox refuses refunds of a payment it does not find paid: make it fail for a moment.
    await db()
      .update(sandboxCheckouts)
      .set({ status: "failed" })
      .where(eq(sandboxCheckouts.paymentIntentId, row.paymentIntentId!));
    const owed = await refund(manager.idToken, booking.id, ask(300, 0, "Broken bus", false));
    expect(owed.status).toBe(201);
    expect(owed.body.data).toMatchObject({ refund: { status: "owed", madeAt: null }, booking: { refundedMinor: 300 } });
    expect((await world.bookingRow(db(), booking.id)).refundMinor).toBeNull();
    await db()
      .update(sandboxCheckouts)
      .set({ status: "paid" })
      .where(eq(sandboxCheckouts.paymentIntentId, row.paymentIntentId!));
    expect(await settleDueRefunds(db())).toBeGreaterThanOrEqual(1);
    expect(await settleDueRefunds(db())).toBe(0);
    expect((await refundRows(booking.id))[0]).toMatchObject({ status: "made" });
    expect((await world.bookingRow(db(), booking.id)).refundMinor).toBe(300);
    expect(await checkoutRefunded(booking.id)).toBe(300);
  });
});

describe("refunds owed under the earlier model", () => {
  it("a cancelled booking still paid with no refund row gets one from the sweep, refunded once", async () => {
    const { guest, booking } = await paidBooking(1);
    await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken });
    // As the earlier model left a cancellation whose provider call failed: no row, still paid.
    await db().delete(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id));
    await db()
      .delete(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, (await world.bookingRow(db(), booking.id)).paymentIntentId!));
    await db().execute(`update bookings set payment_status = 'paid', refund_minor = null where id = '${booking.id}'`);
    // …and sold before the ledger existed: no commission snapshot, no ledger lines.
    await db().delete(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
    await db().update(bookings).set({ commissionBps: null }).where(eq(bookings.id, booking.id));
    await db().execute(`update sandbox_checkouts set refunded_minor = 0 where booking_id = '${booking.id}'`);
    expect(await settleDueRefunds(db())).toBeGreaterThanOrEqual(1);
    expect(await settleDueRefunds(db())).toBe(0);
    expect(await refundRows(booking.id)).toEqual([
      expect.objectContaining({
        amountMinor: booking.totalMinor,
        status: "made",
        idempotencyKey: `refund_${booking.id}`,
      }),
    ]);
    expect(await world.bookingRow(db(), booking.id)).toMatchObject({
      paymentStatus: "refunded",
      refundMinor: booking.totalMinor,
    });
    expect(await checkoutRefunded(booking.id)).toBe(booking.totalMinor);
  });
});

describe("operator refunds: the race", () => {
  it("the same refund sent 10 times at once: one refund, one provider call, refund_minor once", async () => {
    const manager = await member("acme", "manager");
    const { booking } = await paidBooking(2);
    const body = ask(400, 0, "Double click", false);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(manager.idToken, booking.id, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.data.refund.id)).size).toBe(1);
    expect(await refundRows(booking.id)).toHaveLength(1);
    expect(await sandboxRefundsOf(booking.id)).toHaveLength(1);
    expect(await checkoutRefunded(booking.id)).toBe(400);
    expect((await world.bookingRow(db(), booking.id)).refundMinor).toBe(400);
  });

  it("10 refunds at once, each its own key, the same figure seen: one succeeds, nine 409", async () => {
    const manager = await member("acme", "manager");
    const { booking } = await paidBooking(2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(manager.idToken, booking.id, ask(300, 0, "Two tabs", false))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.error.code).toBe("refund_stale");
    expect(await refundRows(booking.id)).toHaveLength(1);
    expect(await sandboxRefundsOf(booking.id)).toHaveLength(1);
    expect((await world.bookingRow(db(), booking.id)).refundMinor).toBe(300);
  });
});

describe("operator refund: the amount as typed, read in the booking's currency", () => {
  it("`amount` is turned into minor units with the booking's currency; too many decimals, nothing, or both forms are a 400", async () => {
    const manager = await member("acme", "manager");
    const { booking } = await paidBooking(2);
    const { currency } = await world.bookingRow(db(), booking.id);
    const digits = minorUnitDigits(currency);
    const typed = (minor: number) => toMajorUnits(minor, digits);
    const body = { alreadyRefundedMinor: 0, reason: "Rain during the tour", releaseSeats: false };
    for (const bad of [
      { ...body, amount: `1.${"1".repeat(digits + 1)}`, idempotencyKey: key() },
      { ...body, amount: "0", idempotencyKey: key() },
      { ...body, amount: "12,50", idempotencyKey: key() },
      { ...body, amount: "-1", idempotencyKey: key() },
      { ...body, amount: typed(100), amountMinor: 100, idempotencyKey: key() },
    ]) {
      expectRefusedOn(await refund(manager.idToken, booking.id, bad), "amount");
    }
    expect(await refundRows(booking.id)).toHaveLength(0);

    const made = await refund(manager.idToken, booking.id, { ...body, amount: typed(250), idempotencyKey: key() });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ refund: { amountMinor: 250 }, booking: { refundedMinor: 250 } });
    expect(await checkoutRefunded(booking.id)).toBe(250);

    // More than is left, typed: the same 409, its figures (and the currency they are in) for the page.
    const over = await refund(manager.idToken, booking.id, {
      ...body,
      alreadyRefundedMinor: 250,
      amount: typed(booking.totalMinor - 250 + 1),
      idempotencyKey: key(),
    });
    expectEnvelope(over, 409, "refund_exceeds_paid");
    expect(over.body.error.details).toMatchObject({
      refundableMinor: booking.totalMinor - 250,
      currency,
    });
  });
});
