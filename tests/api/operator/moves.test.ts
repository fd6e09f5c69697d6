import "../../support/env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingChanges, bookingRefunds, bookings, experiences, notifications } from "~api/db/schema";
import { formatDepartureTime } from "~api/bookings/format";
import { groupTicketCode } from "~contract/bookings/ticket-code";
import { expectEnvelope } from "../../support/api";
import * as world from "../../support/booking";
import { outboxOfKind, type TestUser } from "../../support/identity";
import { asMember, auditEntries, syncedMember } from "../../support/operator";
import { seatDrift } from "../../support/seats";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

/** operatorMoveBooking and operatorMoveDeparture: the desk moves guests to another departure of their service. */
const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

const manager = () => syncedMember(db(), "acme", "manager");

type Move = (token: string | undefined, options?: DeskOptions) => ReturnType<typeof moveBooking>;

/** The desk's guard on a move: signed out 401, acme's guide 403, harbor's owner (as harbor) 404 `notFound`. */
async function expectDeskGuard(move: Move, notFound: string): Promise<void> {
  const [guide, harborOwner] = await Promise.all([
    syncedMember(db(), "acme", "guide"),
    syncedMember(db(), "harbor", "owner"),
  ]);
  expectEnvelope(await move(undefined), 401, "unauthorized");
  expectEnvelope(await move(guide.idToken), 403, "forbidden");
  expectEnvelope(await move(harborOwner.idToken, { account: "harbor" }), 404, notFound);
}

type DeskOptions = { account?: string; key?: string };
/** As `token`'s holder (of acme unless told), with an Idempotency-Key when given. */
const asDesk = (token: string | undefined, body: unknown, options: DeskOptions) =>
  asMember(token, { account: options.account, body, headers: options.key ? { "Idempotency-Key": options.key } : {} });

const moveBooking = (token: string | undefined, bookingId: string, body: unknown, options: DeskOptions = {}) =>
  v1.operatorMoveBooking({ params: { bookingId }, ...asDesk(token, body, options) });

const moveDeparture = (token: string | undefined, departureId: string, body: unknown, options: DeskOptions = {}) =>
  v1.operatorMoveDeparture({ params: { departureId }, ...asDesk(token, body, options) });

/** A traveller's confirmed booking of `adults` on a new departure, and the next day's departure of `capacity` seats. */
async function bookedWithNextDay(adults = 1, capacity = 10) {
  const guest = await world.bookingUser(acme);
  const from = await world.createSlot(db(), acme.serviceId, { startsInHours: 240 });
  const to = await world.createSlot(db(), acme.serviceId, { startsInHours: 264, capacity });
  const booking = await world.confirmedBooking(guest, acme, from.id, adults);
  return { guest, from, to, booking };
}

const rescheduledMails = (guest: TestUser) => outboxOfKind(guest.email, "booking_rescheduled");

describe("operatorMoveBooking: the guard", () => {
  it("signed out 401, a guide 403, another operator 404 (its booking, and its departure as a target)", async () => {
    const acmeManager = await manager();
    const { booking, to } = await bookedWithNextDay();
    const body = { toSlotId: to.id };
    await expectDeskGuard((token, options) => moveBooking(token, booking.id, body, options), "booking_not_found");
    const harbor = await world.findService(db(), "harbor");
    const harborSlot = await world.createSlot(db(), harbor.serviceId);
    expectEnvelope(
      await moveBooking(acmeManager.idToken, booking.id, { toSlotId: harborSlot.id }),
      404,
      "slot_not_found",
    );
    // Nothing moved.
    expect((await world.bookingRow(db(), booking.id)).slotId).not.toBe(to.id);
    expect(await world.seatsTaken(db(), to.id)).toBe(0);
  });

  it("hostile input is a 4xx, never a 500", async () => {
    const token = (await manager()).idToken;
    const { booking, to, from } = await bookedWithNextDay();
    for (const bad of [
      {},
      { toSlotId: "" },
      { toSlotId: "a/b" },
      { toSlotId: "x".repeat(65) },
      { toSlotId: to.id, difference: "gift" },
      { toSlotId: to.id, extra: 1 },
      { toSlotId: 42 },
    ])
      expectEnvelope(await moveBooking(token, booking.id, bad), 400, "validation_error");
    expect((await moveBooking(token, "bk_nope", { toSlotId: to.id })).status).toBe(400);
    expectEnvelope(await moveBooking(token, "bk_AAAAAAAAAAAAAAAA", { toSlotId: to.id }), 404, "booking_not_found");
    expectEnvelope(await moveBooking(token, booking.id, { toSlotId: "no-such-slot" }), 404, "slot_not_found");
    expectEnvelope(await moveBooking(token, booking.id, { toSlotId: from.id }), 409, "same_departure");
    const past = await world.createSlot(db(), acme.serviceId, { startsInHours: -3 });
    expectEnvelope(await moveBooking(token, booking.id, { toSlotId: past.id }), 404, "slot_not_found");
    const full = await world.createSlot(db(), acme.serviceId, { capacity: 4, seatsLeft: 0 });
    expectEnvelope(await moveBooking(token, booking.id, { toSlotId: full.id }), 409, "sold_out");
    expect((await world.bookingRow(db(), booking.id)).slotId).toBe(from.id);
  });
});

describe("operatorMoveBooking", () => {
  it("an unpublished experience's booking cannot be priced: 409 experience_unpublished, nothing moved", async () => {
    const token = (await manager()).idToken;
    const { booking, from, to } = await bookedWithNextDay();
    const [{ publishedAt }] = await db()
      .select({ publishedAt: experiences.publishedAt })
      .from(experiences)
      .where(eq(experiences.id, acme.experienceId));
    await db().update(experiences).set({ publishedAt: null }).where(eq(experiences.id, acme.experienceId));
    try {
      expectEnvelope(await moveBooking(token, booking.id, { toSlotId: to.id }), 409, "experience_unpublished");
    } finally {
      await db().update(experiences).set({ publishedAt }).where(eq(experiences.id, acme.experienceId));
    }
    expect((await world.bookingRow(db(), booking.id)).slotId).toBe(from.id);
    expect(await world.seatsTaken(db(), to.id)).toBe(0);
  });

  it("moves it to the next day: a new ticket, the guest emailed once with the new time and ticket, told in-app, audited", async () => {
    const { uid: managerId, idToken } = await manager();
    const { guest, from, to, booking } = await bookedWithNextDay(2);
    const before = await world.bookingRow(db(), booking.id);
    const res = await moveBooking(idToken, booking.id, { toSlotId: to.id }, { key: randomUUID() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      bookingId: booking.id,
      outcome: "moved",
      newTicketCode: true,
      departure: { id: to.id, startsAt: to.startsAt.toISOString() },
      priceDifferenceMinor: 0,
      refundedMinor: 0,
      chargedMinor: 0,
    });
    const after = await world.bookingRow(db(), booking.id);
    expect(after.slotId).toBe(to.id);
    expect(after.ticketCode).not.toBe(before.ticketCode);
    expect(await world.seatsTaken(db(), from.id)).toBe(0);
    expect(await world.seatsTaken(db(), to.id)).toBe(2);
    const mails = await rescheduledMails(guest);
    expect(mails).toHaveLength(1);
    const zone = res.body.data.departure.timezone as string;
    expect(mails[0].textBody).toContain(`Now: ${formatDepartureTime(to, zone)}`);
    expect(mails[0].textBody).toContain(groupTicketCode(after.ticketCode));
    expect(mails[0].textBody).toContain(`Your old ticket (${groupTicketCode(before.ticketCode)}) no longer works`);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, guest.uid), eq(notifications.kind, "booking_confirmed")));
    expect(told.filter((n) => n.title.startsWith("Booking moved"))).toHaveLength(1);
    const audit = await auditEntries(db(), "booking.moved", managerId);
    expect(audit.map((entry) => entry.target)).toContainEqual(
      expect.objectContaining({ bookingId: booking.id, toDepartureId: to.id, difference: "refund" }),
    );
  });

  it("the same Idempotency-Key again answers the same move and tells nobody twice", async () => {
    const token = (await manager()).idToken;
    const { guest, to, booking } = await bookedWithNextDay();
    const key = randomUUID();
    const first = await moveBooking(token, booking.id, { toSlotId: to.id }, { key });
    const again = await moveBooking(token, booking.id, { toSlotId: to.id }, { key });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await rescheduledMails(guest)).toHaveLength(1);
    expect(await world.seatsTaken(db(), to.id)).toBe(1);
    const other = await world.createSlot(db(), acme.serviceId);
    expectEnvelope(
      await moveBooking(token, booking.id, { toSlotId: other.id }, { key }),
      409,
      "idempotency_key_reused",
    );
  });

  it("cheaper: refunds the difference (or waives it when told); dearer: refund is refused, waive moves it", async () => {
    const token = (await manager()).idToken;
    const cheaper = acme.adult.priceMinor - 500;
    // Refund: the difference owed back through the refund model.
    const refunded = await bookedWithNextDay(2);
    let refundedOf = 0;
    await world.withAdultPrice(db(), acme, cheaper, async () => {
      const res = await moveBooking(token, refunded.booking.id, { toSlotId: refunded.to.id, difference: "refund" });
      expect(res.status).toBe(200);
      expect(res.status).toBe(200);
      const { priceDifferenceMinor, refundedMinor } = res.body.data;
      // Two adults 5.00 cheaper each (and the fees on them).
      expect(priceDifferenceMinor).toBeLessThanOrEqual(-1000);
      expect(res.body.data).toMatchObject({ outcome: "moved", refundedMinor: -priceDifferenceMinor, waivedMinor: 0 });
      refundedOf = refundedMinor;
    });
    const refunds = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, refunded.booking.id));
    expect(refunds.map((r) => r.amountMinor)).toEqual([refundedOf]);
    const [mail] = await rescheduledMails(refunded.guest);
    expect(mail.textBody).toContain("refunding the difference");
    // Waive: moved, nothing refunded.
    const waived = await bookedWithNextDay(2);
    await world.withAdultPrice(db(), acme, cheaper, async () => {
      const res = await moveBooking(token, waived.booking.id, { toSlotId: waived.to.id, difference: "waive" });
      expect(res.body.data).toMatchObject({ outcome: "moved", refundedMinor: 0, waivedMinor: refundedOf });
    });
    expect(await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, waived.booking.id))).toEqual([]);
    expect((await rescheduledMails(waived.guest))[0].textBody).toContain("is waived");
    // Dearer: "refund" is not a choice there; "waive" moves it for what was paid.
    const dearer = await bookedWithNextDay(1);
    await world.withAdultPrice(db(), acme, acme.adult.priceMinor + 700, async () => {
      expectEnvelope(
        await moveBooking(token, dearer.booking.id, { toSlotId: dearer.to.id }),
        409,
        "difference_costs_more",
      );
      const res = await moveBooking(token, dearer.booking.id, { toSlotId: dearer.to.id, difference: "waive" });
      expect(res.body.data.waivedMinor).toBeGreaterThanOrEqual(700);
      expect(res.body.data).toMatchObject({
        outcome: "moved",
        chargedMinor: 0,
        waivedMinor: res.body.data.priceDifferenceMinor,
      });
    });
    expect((await world.bookingRow(db(), dearer.booking.id)).totalMinor).toBe(dearer.booking.totalMinor);
  });

  it("dearer with charge: the seats held, the payment link emailed; paid, it moves and the guest gets the new ticket", async () => {
    const token = (await manager()).idToken;
    const { guest, from, to, booking } = await bookedWithNextDay(1);
    const before = await world.bookingRow(db(), booking.id);
    let charged = 0;
    await world.withAdultPrice(db(), acme, acme.adult.priceMinor + 700, async () => {
      const res = await moveBooking(token, booking.id, { toSlotId: to.id, difference: "charge" });
      expect(res.status).toBe(200);
      expect(res.body.data.chargedMinor).toBeGreaterThanOrEqual(700);
      expect(res.body.data).toMatchObject({
        outcome: "awaiting_payment",
        newTicketCode: false,
        chargedMinor: res.body.data.priceDifferenceMinor,
      });
      charged = res.body.data.chargedMinor;
    });
    const [change] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    expect(change).toMatchObject({ status: "awaiting_payment", priceDifferenceMinor: charged, toSlotId: to.id });
    expect((await world.bookingRow(db(), booking.id)).slotId).toBe(from.id);
    expect(await world.seatsTaken(db(), to.id)).toBe(1);
    const [ask] = await outboxOfKind(guest.email, "booking_move_payment");
    expect(ask.textBody).toContain("Pay the difference");
    expect(ask.textBody).toContain(change.checkoutUrl!);
    expect(await rescheduledMails(guest)).toHaveLength(0);
    expect((await world.pay(world.sessionIdOf(change.checkoutUrl!))).status).toBe(200);
    const after = await world.bookingRow(db(), booking.id);
    expect(after.slotId).toBe(to.id);
    expect(after.ticketCode).not.toBe(before.ticketCode);
    expect(after.totalMinor).toBe(before.totalMinor + charged);
    expect(await rescheduledMails(guest)).toHaveLength(1);
  });

  it("a guest checked in, or a booking not confirmed, is not moved", async () => {
    const token = (await manager()).idToken;
    const { booking, to } = await bookedWithNextDay();
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    expectEnvelope(await moveBooking(token, booking.id, { toSlotId: to.id }), 409, "not_reschedulable");
  });
});

/** `n` guests of one seat each booked on a new departure of `capacity` seats, oldest first. */
async function departureOf(n: number, capacity: number) {
  const from = await world.createSlot(db(), acme.serviceId, { capacity, startsInHours: 300 });
  const guests = await world.bookingUsers(db(), acme, n);
  const booked = [];
  for (const guest of guests) booked.push({ guest, booking: await world.confirmedBooking(guest, acme, from.id, 1) });
  return { from, booked };
}

describe("operatorMoveDeparture", () => {
  it("the guard: signed out 401, a guide 403, another operator's departure 404, hostile input 400", async () => {
    const acmeManager = await manager();
    const from = await world.createSlot(db(), acme.serviceId);
    const to = await world.createSlot(db(), acme.serviceId);
    const body = { toSlotId: to.id, mode: "move" };
    await expectDeskGuard((token, options) => moveDeparture(token, from.id, body, options), "departure_not_found");
    for (const bad of [
      {},
      { toSlotId: to.id },
      { toSlotId: to.id, mode: "all" },
      { toSlotId: "a b", mode: "move" },
      { ...body, x: 1 },
    ])
      expectEnvelope(await moveDeparture(acmeManager.idToken, from.id, bad), 400, "validation_error");
    expectEnvelope(
      await moveDeparture(acmeManager.idToken, from.id, { toSlotId: from.id, mode: "move" }),
      409,
      "same_departure",
    );
    expectEnvelope(await moveDeparture(acmeManager.idToken, "nope", body), 404, "departure_not_found");
  });

  it("12 guests to a departure with 10 free seats: moves 10 (oldest booked first), lists 2, tells each moved guest once", async () => {
    const { idToken, uid } = await manager();
    const { from, booked } = await departureOf(12, 12);
    const to = await world.createSlot(db(), acme.serviceId, { capacity: 10, startsInHours: 330 });
    const res = await moveDeparture(idToken, from.id, { toSlotId: to.id, mode: "move" }, { key: randomUUID() });
    expect(res.status).toBe(200);
    const { moved, notMoved } = res.body.data;
    expect(moved.map((m: { bookingId: string }) => m.bookingId)).toEqual(booked.slice(0, 10).map((b) => b.booking.id));
    expect(notMoved).toEqual(
      booked.slice(10).map((b) => expect.objectContaining({ bookingId: b.booking.id, reason: "no_room", seats: 1 })),
    );
    expect(notMoved[0].guestName).toBe("Ada Lovelace");
    expect(await world.seatsTaken(db(), to.id)).toBe(10);
    expect(await world.seatsTaken(db(), from.id)).toBe(2);
    for (const [i, { guest }] of booked.entries())
      expect(await rescheduledMails(guest), `guest ${i}`).toHaveLength(i < 10 ? 1 : 0);
    const [audit] = await auditEntries(db(), "departure.guests_moved", uid);
    expect(audit.target).toMatchObject({ departureId: from.id, toDepartureId: to.id, moved: "10", notMoved: "2" });
    expect(await seatDrift(db(), [from.id, to.id])).toEqual([]);
  });

  it("racing travellers booking the target: the bulk move never oversells", async () => {
    const token = (await manager()).idToken;
    const { from } = await departureOf(6, 6);
    const to = await world.createSlot(db(), acme.serviceId, { capacity: 6, startsInHours: 340 });
    const travellers = await world.bookingUsers(db(), acme, 6);
    const [bulk, ...holds] = await Promise.all([
      moveDeparture(token, from.id, { toSlotId: to.id, mode: "move" }),
      ...travellers.map((traveller) => world.placeBooking(traveller.idToken, world.bookingBody(acme, to.id, 1))),
    ]);
    expect(bulk.status).toBe(200);
    const held = holds.filter((hold) => hold.status === 201).length;
    expect(bulk.body.data.moved.length + held).toBe(6);
    expect(bulk.body.data.moved.length + bulk.body.data.notMoved.length).toBe(6);
    expect(await world.seatsTaken(db(), to.id)).toBe(6);
    expect(await seatDrift(db(), [from.id, to.id])).toEqual([]);
  });

  it("offer: each guest emailed a link; the reschedule works past the deadline for that booking only", async () => {
    const { idToken, uid } = await manager();
    // Departures inside the cancellation cutoff: the guests' own date change is closed.
    const from = await world.createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours - 2 });
    const elsewhere = await world.createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours - 2 });
    const guest = await world.bookingUser(acme);
    const other = await world.bookingUser(acme);
    const booking = await world.confirmedBooking(guest, acme, from.id, 1);
    const untouched = await world.confirmedBooking(other, acme, elsewhere.id, 1);
    const to = await world.createSlot(db(), acme.serviceId, { startsInHours: 350 });
    const reschedule = (user: TestUser, id: string) =>
      v1.rescheduleBooking({
        params: { id },
        token: user.idToken,
        body: { slotId: to.id },
        headers: { "Idempotency-Key": randomUUID() },
      });
    expectEnvelope(await reschedule(guest, booking.id), 409, "reschedule_closed");
    const res = await moveDeparture(idToken, from.id, { toSlotId: to.id, mode: "offer" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      mode: "offer",
      moved: [],
      offered: [expect.objectContaining({ bookingId: booking.id, link: true, emailed: true })],
    });
    const [offer] = await outboxOfKind(guest.email, "booking_move_offer");
    expect(offer.textBody).toContain(`/account/booking/${booking.id}/reschedule`);
    expect((await world.bookingRow(db(), booking.id)).slotId).toBe(from.id);
    expect((await v1.booking({ params: { id: booking.id }, token: guest.idToken })).body.data.moveOffered).toBe(true);
    // Past the deadline, the offer lets this guest move; the other booking's deadline still holds.
    const moved = await reschedule(guest, booking.id);
    expect(moved.status).toBe(200);
    expect((await world.bookingRow(db(), booking.id)).slotId).toBe(to.id);
    expect((await world.bookingRow(db(), booking.id)).moveOfferedAt).toBeNull();
    expectEnvelope(await reschedule(other, untouched.id), 409, "reschedule_closed");
    const [audit] = await auditEntries(db(), "departure.move_offered", uid);
    expect(audit.target).toMatchObject({ departureId: from.id, offered: "1", contactOnly: "0" });
  });

  it("offer to a guest without an account: emailed to call or reply, no link, the booking not marked", async () => {
    const { idToken: token, uid } = await manager();
    const from = await world.createSlot(db(), acme.serviceId, { startsInHours: 360 });
    const guest = await world.bookingUser(acme);
    const booking = await world.confirmedBooking(guest, acme, from.id, 1);
    const email = `walkin-${randomUUID().slice(0, 8)}@example.com`;
    // As the desk's staff booking keeps it: no account, the guest's own contact on the booking.
    await db()
      .update(bookings)
      .set({ userId: null, takenByUserId: uid, guestName: "Walk In", guestEmail: email })
      .where(eq(bookings.id, booking.id));
    const to = await world.createSlot(db(), acme.serviceId, { startsInHours: 380 });
    const res = await moveDeparture(token, from.id, { toSlotId: to.id, mode: "offer" });
    expect(res.body.data.offered).toEqual([
      expect.objectContaining({ bookingId: booking.id, guestName: "Walk In", link: false, emailed: true }),
    ]);
    const [offer] = await outboxOfKind(email, "booking_move_offer");
    expect(offer.textBody).toContain("Reply to this email");
    expect(offer.textBody).not.toContain("/reschedule");
    expect((await world.bookingRow(db(), booking.id)).moveOfferedAt).toBeNull();
  });
});
