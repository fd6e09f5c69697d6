import "../../support/env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { accounts, bookings, slots } from "~api/db/schema";
import type { StaffBookingInput } from "~contract/operator/staff-bookings";
import { expectEnvelope } from "../../support/api";
import {
  ACME_ZONE,
  bookingBody,
  bookingRow,
  bookingUsers,
  bookingWorld,
  pay,
  placeBooking,
  seatsTaken,
  sessionIdOf,
  slotInDays,
} from "../../support/booking";
import { outboxFor, syncedUser, type OutboxMessage } from "../../support/identity";
import { asMember, auditEntries, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

const { db, acme } = bookingWorld();
checkLedgerAfterEach(db);

/** A departure of acme's service `days` from today at 10:00 New York time. */
const departure = (days: number, options: { capacity?: number; guideUserId?: string | null } = {}) =>
  slotInDays(db(), acme.serviceId, days, { capacity: options.capacity ?? 20, ...options, idPrefix: "t-staff" });

const guestEmail = () => `guest-${randomUUID().slice(0, 8)}@example.com`;

function staffBody(slotId: string, extra: Partial<StaffBookingInput> = {}): StaffBookingInput {
  return {
    slotId,
    tickets: [{ ticketTypeId: acme.adult.id, quantity: 2 }],
    guest: { name: "Rosa Parks-Lee", email: guestEmail(), phone: "+15551230000" },
    payment: "cash",
    ...extra,
  };
}

const book = (token: string | undefined, body: unknown, key: string = randomUUID(), account = "acme") =>
  v1.operatorCreateBooking({ ...asMember(token, { account, body, headers: { "Idempotency-Key": key } }) });

/** A new manager of acme books two adults on a departure `days` ahead, as `extra` says: 201, what was placed. */
async function bookedByManager(days: number, extra: Partial<StaffBookingInput>) {
  const manager = await syncedMember(db(), "acme", "manager");
  const slot = await departure(days);
  const body = staffBody(slot.id, extra);
  const answer = await book(manager.idToken, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { manager, slot, body, placed: answer.body.data };
}

const pathOf = (url: string) => new URL(url).pathname;

describe("staff bookings: each way to pay", () => {
  it("cash: confirmed and paid, channel staff, who took it, the confirmation to the guest's email, audited", async () => {
    const { manager, slot, body, placed } = await bookedByManager(4, { marketingConsent: true });
    expect(placed.booking).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      channel: "staff",
      staffPayment: "cash",
      seats: 2,
      guest: { name: "Rosa Parks-Lee", email: body.guest.email, phone: "+15551230000" },
      money: { totalMinor: expect.any(Number), currency: acme.currency, priceReason: null },
    });
    expect(placed.booking.money.totalMinor).toBeGreaterThanOrEqual(acme.adult.priceMinor * 2);
    expect(placed.checkoutUrl).toBeNull();
    const row = await bookingRow(db(), placed.booking.id);
    expect(row).toMatchObject({
      userId: null,
      takenByUserId: manager.uid,
      channel: "staff",
      paymentProvider: "cash",
      marketingConsent: true,
      guestEmail: body.guest.email,
    });
    expect(await seatsTaken(db(), slot.id)).toBe(2);

    const mails: OutboxMessage[] = await outboxFor(body.guest.email);
    const confirmation = mails.find((mail) => mail.kind === "booking_confirmed");
    expect(confirmation?.subject).toContain("Booking confirmed");
    expect(confirmation?.textBody ?? confirmation?.text).toContain("Your ticket code");
    // No account to open the booking in: no link to the account's booking page.
    expect(confirmation?.textBody ?? confirmation?.text).not.toContain("/account/booking/");

    const [audit] = await auditEntries(db(), "booking.created_by_staff", manager.uid);
    expect(audit.target).toMatchObject({ bookingId: placed.booking.id, payment: "cash", guestEmail: body.guest.email });

    // The desk's list finds it, channel staff, and the booking page says who took it and how it is paid.
    const list = await v1.operatorListBookings({
      query: { channel: "staff", q: body.guest.email },
      ...asMember(manager.idToken),
    });
    expect(list.body.data.bookings.map((b: { id: string }) => b.id)).toEqual([placed.booking.id]);
    const page = await v1.operatorGetBooking({
      params: { bookingId: placed.booking.id },
      ...asMember(manager.idToken),
    });
    expect(page.body.data.source).toMatchObject({
      channel: "staff",
      takenBy: { userId: manager.uid },
      staffPayment: "cash",
      marketingConsent: true,
      canMarkPaid: false,
    });
    expect(page.body.data.guest).toMatchObject({ userId: null, name: "Rosa Parks-Lee", email: body.guest.email });
  });

  it("pay on arrival: confirmed and owed, on the manifest as owed with its amount; marked paid once", async () => {
    const {
      manager,
      slot,
      body,
      placed: { booking },
    } = await bookedByManager(5, { payment: "pay_on_arrival" });
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "owed" });
    // The guest's confirmation says what is still to pay, not "paid".
    const mails: OutboxMessage[] = await outboxFor(body.guest.email);
    const confirmation = mails.find((mail) => mail.kind === "booking_confirmed");
    expect(confirmation?.textBody ?? confirmation?.text).toContain("To pay on arrival:");
    expect(confirmation?.textBody ?? confirmation?.text).not.toContain("Total paid");

    const date = DateTime.fromJSDate(slot.startsAt).setZone(ACME_ZONE).toISODate()!;
    const manifest = await v1.operatorManifest({ query: { date }, ...asMember(manager.idToken) });
    const departureDay = manifest.body.data.departures.find((d: { id: string }) => d.id === slot.id);
    const onManifest = departureDay.bookings.find((b: { id: string }) => b.id === booking.id);
    expect(onManifest.paymentStatus).toBe("owed");
    expect(onManifest.money).toMatchObject({ owedMinor: booking.money.totalMinor, paidMinor: 0 });
    expect(departureDay.totals.money.owedMinor).toBe(booking.money.totalMinor);

    const page = await v1.operatorGetBooking({ params: { bookingId: booking.id }, ...asMember(manager.idToken) });
    expect(page.body.data.source.canMarkPaid).toBe(true);

    const paid = await v1.operatorMarkBookingPaid({ params: { bookingId: booking.id }, ...asMember(manager.idToken) });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    // Again: the same answer, one audit entry.
    const again = await v1.operatorMarkBookingPaid({ params: { bookingId: booking.id }, ...asMember(manager.idToken) });
    expect(again.body.data.paymentStatus).toBe("paid");
    expect(await auditEntries(db(), "booking.marked_paid", manager.uid)).toHaveLength(1);
    expect((await bookingRow(db(), booking.id)).paymentProvider).toBe("cash");

    // A booking that owes nothing cannot be marked paid.
    const cash = await book(manager.idToken, staffBody(slot.id));
    const refused = await v1.operatorMarkBookingPaid({
      params: { bookingId: cash.body.data.booking.id },
      ...asMember(manager.idToken),
    });
    expectEnvelope(refused, 409, "booking_not_owed");
  });

  it("comp: free, with a reason; without a reason 400", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const slot = await departure(6);
    expectEnvelope(await book(owner.idToken, staffBody(slot.id, { payment: "comp" })), 400, "validation_error");
    const answer = await book(
      owner.idToken,
      staffBody(slot.id, { payment: "comp", priceReason: "Travel agent famil" }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data.booking).toMatchObject({
      status: "confirmed",
      paymentStatus: "not_required",
      money: { totalMinor: 0, priceReason: "Travel agent famil" },
    });
    expect(await seatsTaken(db(), slot.id)).toBe(2);
  });

  it("a custom price needs a reason; with one it is the total; too many decimals is 400", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const slot = await departure(7);
    const refused = await book(owner.idToken, staffBody(slot.id, { customTotal: "45.00" }));
    expectEnvelope(refused, 400, "validation_error");
    expect(refused.body.error.fields.priceReason).toBeDefined();
    const decimals = await book(owner.idToken, staffBody(slot.id, { customTotal: "45.005", priceReason: "x" }));
    expectEnvelope(decimals, 400, "validation_error");
    const answer = await book(
      owner.idToken,
      staffBody(slot.id, { customTotal: "45.00", priceReason: "Repeat guest", payment: "pay_on_arrival" }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data.booking.money).toEqual({
      totalMinor: 4500,
      currency: acme.currency,
      priceReason: "Repeat guest",
    });
    const page = await v1.operatorGetBooking({
      params: { bookingId: answer.body.data.booking.id },
      ...asMember(owner.idToken),
    });
    expect(page.body.data.money.priceReason).toBe("Repeat guest");
    expect(page.body.data.money.totalMinor).toBe(4500);
  });

  it("card link: held for most of a day, the payment link emailed to the guest; paying it confirms (no account)", async () => {
    const {
      body,
      placed: { booking, checkoutUrl },
    } = await bookedByManager(8, { payment: "card_link" });
    expect(booking).toMatchObject({ status: "held", paymentStatus: "pending", staffPayment: "card_link" });
    const hours = (Date.parse(booking.holdExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(24);
    expect(checkoutUrl).toMatch(/\/sandbox\/checkout\//);
    const mails: OutboxMessage[] = await outboxFor(body.guest.email);
    const link = mails.find((mail) => mail.kind === "payment_link");
    expect(link?.textBody ?? link?.text).toContain(pathOf(checkoutUrl));

    const paid = await pay(sessionIdOf(pathOf(checkoutUrl)));
    expect(paid.status).toBe(200);
    const row = await bookingRow(db(), booking.id);
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid", userId: null });
    const after: OutboxMessage[] = await outboxFor(body.guest.email);
    expect(after.some((mail) => mail.kind === "booking_confirmed")).toBe(true);
  });

  it("card now: the checkout answered for the desk, returning to the console's booking page", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const slot = await departure(9);
    const answer = await book(manager.idToken, staffBody(slot.id, { payment: "card_now" }));
    expect(answer.status).toBe(201);
    const { booking, checkoutUrl } = answer.body.data;
    expect(booking.status).toBe("held");
    const view = await v1.sandboxCheckout({ params: { sessionId: sessionIdOf(pathOf(checkoutUrl)) } });
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body.data)).toContain(`/console/bookings/${booking.id}`);
  });
});

describe("staff bookings: departures, roles, tenants, keys, input", () => {
  it("a closed departure needs allowClosed (409 departure_closed); a cancelled one never", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const slot = await departure(10);
    await db().update(slots).set({ status: "closed" }).where(eq(slots.id, slot.id));
    expectEnvelope(await book(manager.idToken, staffBody(slot.id)), 409, "departure_closed");
    const allowed = await book(manager.idToken, staffBody(slot.id, { allowClosed: true }));
    expect(allowed.status).toBe(201);
    expect(await seatsTaken(db(), slot.id)).toBe(2);
    await db().update(slots).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(slots.id, slot.id));
    expectEnvelope(await book(manager.idToken, staffBody(slot.id, { allowClosed: true })), 409, "departure_cancelled");
  });

  it("a guide: 403 unless the owner allows it, then only their own departures; the owner's setting is audited", async () => {
    const [owner, guide] = await Promise.all([
      syncedMember(db(), "acme", "owner"),
      syncedMember(db(), "acme", "guide"),
    ]);
    const own = await departure(11, { guideUserId: guide.uid });
    const other = await departure(12);
    try {
      expectEnvelope(await book(guide.idToken, staffBody(own.id)), 403, "forbidden");
      const me = await v1.operatorMe({ ...asMember(guide.idToken) });
      expect(me.body.data.can.takeBookings).toBe(false);
      const set = await v1.operatorUpdateBookingSettings({
        ...asMember(owner.idToken, { body: { guidesMayBook: true } }),
      });
      expect(set.body.data).toEqual({ guidesMayBook: true });
      expectEnvelope(
        await v1.operatorUpdateBookingSettings({ ...asMember(guide.idToken, { body: { guidesMayBook: true } }) }),
        403,
        "forbidden",
      );
      expect((await auditEntries(db(), "booking_settings.updated", owner.uid)).length).toBe(1);
      expect((await v1.operatorMe({ ...asMember(guide.idToken) })).body.data.can.takeBookings).toBe(true);

      const mine = await book(guide.idToken, staffBody(own.id, { payment: "pay_on_arrival" }));
      expect(mine.status, JSON.stringify(mine.body)).toBe(201);
      expect(mine.body.data.booking.money).toBeNull();
      expectEnvelope(await book(guide.idToken, staffBody(other.id)), 404, "slot_not_found");
      // On the guide's manifest: owed, without the amount.
      const date = DateTime.fromJSDate(own.startsAt).setZone(ACME_ZONE).toISODate()!;
      const manifest = await v1.operatorManifest({ query: { date }, ...asMember(guide.idToken) });
      const owedThere = manifest.body.data.departures
        .find((d: { id: string }) => d.id === own.id)
        .bookings.find((b: { id: string }) => b.id === mine.body.data.booking.id);
      expect(owedThere).toMatchObject({ paymentStatus: "owed", money: null });
      const paid = await v1.operatorMarkBookingPaid({
        params: { bookingId: mine.body.data.booking.id },
        ...asMember(guide.idToken),
      });
      expect(paid.body.data.paymentStatus).toBe("paid");
    } finally {
      await db().update(accounts).set({ guidesMayBook: false }).where(eq(accounts.slug, "acme"));
    }
  });

  it("another operator's departure is 404; signed out 401; a non-member 404", async () => {
    const [harborOwner, stranger] = await Promise.all([syncedMember(db(), "harbor", "owner"), syncedUser()]);
    const slot = await departure(13);
    expectEnvelope(await book(harborOwner.idToken, staffBody(slot.id), randomUUID(), "harbor"), 404, "slot_not_found");
    expectEnvelope(await book(undefined, staffBody(slot.id)), 401, "unauthorized");
    expectEnvelope(await book(stranger.idToken, staffBody(slot.id)), 404, "not_found");
    expect(await seatsTaken(db(), slot.id)).toBe(0);
  });

  it("the same Idempotency-Key answers the same booking (200), also when raced; another booking with it is 409", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const slot = await departure(14);
    const key = randomUUID();
    const body = staffBody(slot.id, { payment: "card_link" });
    const [first, second] = await Promise.all([book(manager.idToken, body, key), book(manager.idToken, body, key)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.data.booking.id).toBe(second.body.data.booking.id);
    expect(first.body.data.checkoutUrl).toBe(second.body.data.checkoutUrl);
    const third = await book(manager.idToken, body, key);
    expect(third.status).toBe(200);
    expect(await seatsTaken(db(), slot.id)).toBe(2);
    expectEnvelope(
      await book(manager.idToken, { ...body, tickets: [{ ticketTypeId: acme.adult.id, quantity: 3 }] }, key),
      409,
      "idempotency_key_reused",
    );
    const rows = await db().select().from(bookings).where(eq(bookings.slotId, slot.id));
    expect(rows).toHaveLength(1);
  });

  it("hostile input is 4xx, never 5xx", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const slot = await departure(15);
    const base = staffBody(slot.id);
    const cases: unknown[] = [
      {},
      { ...base, payment: "bitcoin" },
      { ...base, guest: { name: "", email: "a@b.co" } },
      { ...base, guest: { name: "X", email: "not-an-email" } },
      { ...base, guest: { name: "X", email: "a@b.co", phone: "+44 20 7946 0958" } },
      { ...base, guest: { name: "X\u202e", email: "a@b.co" } },
      { ...base, tickets: [] },
      { ...base, tickets: [{ ticketTypeId: acme.adult.id, quantity: 21 }] },
      { ...base, tickets: [{ ticketTypeId: "nope", quantity: 1 }] },
      { ...base, customTotal: "-5", priceReason: "x" },
      { ...base, customTotal: 45, priceReason: "x" },
      { ...base, slotId: "../../etc" },
      { ...base, unexpected: true },
      { ...base, allowClosed: "yes" },
    ];
    for (const body of cases) {
      const answer = await book(manager.idToken, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expectEnvelope(await book(manager.idToken, base, "short"), 400, "validation_error");
    const noKey = await v1.operatorCreateBooking({ ...asMember(manager.idToken, { body: base }) } as never);
    expect(noKey.status).toBe(400);
    expect(await seatsTaken(db(), slot.id)).toBe(0);
  });
});

describe("staff bookings: the same seat counter as every channel", () => {
  it("staff and traveller bookings racing for the last seats never oversell", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const capacity = 6;
    const slot = await departure(16, { capacity });
    const travellers = await bookingUsers(db(), acme, 6);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () =>
        book(manager.idToken, { ...staffBody(slot.id), tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] }),
      ),
      ...travellers.map((traveller) => placeBooking(traveller.idToken, bookingBody(acme, slot.id, 1))),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.filter((status) => status === 201)).toHaveLength(capacity);
    expect(await seatsTaken(db(), slot.id)).toBe(capacity);
    const refused = answers.filter((answer) => answer.status === 409);
    for (const answer of refused) expect(answer.body.error.code).toBe("sold_out");
  });
});
