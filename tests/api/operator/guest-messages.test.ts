import "../../support/env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingMessages, bookings, notificationPreferences, outbox } from "~api/db/schema";
import { GUEST_MESSAGE_LIMITS } from "~api/operator/guest-messages";
import type { OperatorRole } from "~contract/operator/team";
import { expectEnvelope } from "../../support/api";
import { bookingUser, bookingWorld, confirmedBooking, slotInDays } from "../../support/booking";
import { outboxFor, syncedUser } from "../../support/identity";
import { asMember, auditEntries, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";

const { db, acme } = bookingWorld();
const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

/** A departure of acme's service `days` ahead at 10:00 New York. */
const departure = (days: number, guideUserId: string | null = null) =>
  slotInDays(db(), acme.serviceId, days, { idPrefix: "t-msg", guideUserId });

const MESSAGE = {
  template: "meeting_point",
  subject: "New meeting point",
  body: "Meet at the north gate.\n\nSee you!",
};

const send = (token: string, body: Record<string, unknown>, account = "acme") =>
  v1.operatorMessageGuests(asMember(token, { body: { ...MESSAGE, sms: false, ...body }, account }));

const historyOf = (token: string, bookingId: string, account = "acme") =>
  v1.operatorBookingHistory({ params: { bookingId }, ...asMember(token, { account }) });

/** The SMS written for a booking (every test guest gives the same phone: found by the booking). */
async function smsFor(bookingId: string) {
  const rows = await db().select().from(outbox).where(eq(outbox.channel, "sms"));
  return rows.filter((row) => row.kind === "guest_message" && row.meta.bookingId === bookingId);
}

async function guestMails(email: string) {
  return (await outboxFor(email)).filter((message) => message.kind === "guest_message");
}

describe("operatorMessageGuests: one booking", () => {
  it("emails the guest in the operator's branding, texts only when asked, keeps it on the history with its sender", async () => {
    const [manager, traveller] = await Promise.all([member("acme", "manager"), bookingUser(acme)]);
    const slot = await departure(5);
    const booking = await confirmedBooking(traveller, acme, slot.id, 2);

    const answer = await send(manager.idToken, { bookingId: booking.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ bookings: 1, email: 1, sms: 0, skipped: [] });
    const [mail] = await guestMails(traveller.email);
    expect(mail.subject).toBe("New meeting point");
    expect(mail.senderName).toBe("Acme Adventures");
    expect(mail.textBody).toContain("Meet at the north gate.");
    expect(mail.textBody).toContain(booking.reference);
    expect(mail.textBody).toContain("(America/New_York)");
    expect(mail.textBody.trimEnd().endsWith("— Acme Adventures")).toBe(true);
    expect(mail.textBody).toContain(`See your booking: `);
    expect(await smsFor(booking.id)).toHaveLength(0);

    const texted = await send(manager.idToken, { bookingId: booking.id, sms: true, template: "running_late" });
    expect(texted.body.data).toMatchObject({ bookings: 1, email: 1, sms: 1 });
    const [sms] = await smsFor(booking.id);
    expect(sms.recipient).toBe("+15551234567");
    expect(sms.textBody).toContain("Meet at the north gate.");

    const history = await historyOf(manager.idToken, booking.id);
    expect(history.status).toBe(200);
    const messages = history.body.data.items.filter((item: { kind: string }) => item.kind === "message");
    expect(messages).toHaveLength(2);
    expect(messages[0].message).toMatchObject({
      template: "running_late",
      sms: true,
      email: true,
      sentBy: { id: manager.uid, email: manager.email },
    });
    const audits = history.body.data.items.filter((item: { kind: string }) => item.kind === "audit");
    expect(audits.some((item: { entry: { action: string } }) => item.entry.action === "booking.messaged")).toBe(true);
    expect(await auditEntries(db(), "booking.messaged", manager.uid)).toHaveLength(2);
  });

  it("a booking not confirmed: 409; another operator's booking: 404", async () => {
    const [manager, harborOwner, traveller] = await Promise.all([
      member("acme", "manager"),
      member("harbor", "owner"),
      bookingUser(acme),
    ]);
    const slot = await departure(6);
    const booking = await confirmedBooking(traveller, acme, slot.id, 1);
    expectEnvelope(await send(harborOwner.idToken, { bookingId: booking.id }, "harbor"), 404, "booking_not_found");
    expectEnvelope(await historyOf(harborOwner.idToken, booking.id, "harbor"), 404, "booking_not_found");
    expectEnvelope(await send(harborOwner.idToken, { departureId: slot.id }, "harbor"), 404, "departure_not_found");
    await db()
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(bookings.id, booking.id));
    expectEnvelope(await send(manager.idToken, { bookingId: booking.id }), 409, "booking_not_confirmed");
    expect(await guestMails(traveller.email)).toHaveLength(0);
  });
});

describe("operatorMessageGuests: a departure", () => {
  it("writes to everyone confirmed, each once; an opted-out guest is skipped and listed", async () => {
    const [owner, a, b, optedOut] = await Promise.all([
      member("acme", "owner"),
      bookingUser(acme),
      bookingUser(acme),
      bookingUser(acme),
    ]);
    const slot = await departure(7);
    const bookingA = await confirmedBooking(a, acme, slot.id, 1);
    const bookingB = await confirmedBooking(b, acme, slot.id, 2);
    const bookingC = await confirmedBooking(optedOut, acme, slot.id, 1);
    await db()
      .insert(notificationPreferences)
      .values({ userId: optedOut.uid, category: "booking", channel: "email", enabled: false });

    const answer = await send(owner.idToken, { departureId: slot.id, template: "weather", sms: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.bookings).toBe(3);
    expect(answer.body.data.email).toBe(2);
    expect(answer.body.data.sms).toBe(3);
    expect(answer.body.data.skipped).toEqual([
      {
        bookingId: bookingC.id,
        reference: bookingC.reference,
        guestName: "Ada",
        channel: "email",
        reason: "opted_out",
      },
    ]);
    expect(await guestMails(a.email)).toHaveLength(1);
    expect(await guestMails(b.email)).toHaveLength(1);
    expect(await guestMails(optedOut.email)).toHaveLength(0);
    for (const id of [bookingA.id, bookingB.id, bookingC.id]) expect(await smsFor(id)).toHaveLength(1);
    const kept = await db().select().from(bookingMessages).where(eq(bookingMessages.bookingId, bookingC.id));
    expect(kept).toMatchObject([{ emailSent: false, smsSent: true, sentByUserId: owner.uid, template: "weather" }]);
    const [audit] = await auditEntries(db(), "departure.messaged", owner.uid);
    expect(audit.target).toMatchObject({ departureId: slot.id, email: "2", sms: "3", skipped: "0" });
  });

  it("a guest who turned booking texts off is skipped on SMS, and a staff booking's guest without an account is written to", async () => {
    const [owner, traveller] = await Promise.all([member("acme", "owner"), bookingUser(acme)]);
    const slot = await departure(8);
    const booking = await confirmedBooking(traveller, acme, slot.id, 1);
    await db()
      .insert(notificationPreferences)
      .values({ userId: traveller.uid, category: "booking", channel: "sms", enabled: false });
    const guestEmail = `walkin-${randomUUID().slice(0, 8)}@example.com`;
    const walkIn = await confirmedBooking(await bookingUser(acme), acme, slot.id, 1);
    await db()
      .update(bookings)
      .set({ userId: null, takenByUserId: owner.uid, guestName: "Wanda Walker", guestEmail, guestPhone: null })
      .where(eq(bookings.id, walkIn.id));

    const answer = await send(owner.idToken, { departureId: slot.id, sms: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ bookings: 2, email: 2, sms: 0 });
    expect(answer.body.data.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ bookingId: booking.id, channel: "sms", reason: "opted_out" }),
        expect.objectContaining({
          bookingId: walkIn.id,
          channel: "sms",
          reason: "no_address",
          guestName: "Wanda Walker",
        }),
      ]),
    );
    const [mail] = await guestMails(guestEmail);
    expect(mail.textBody).toContain("Hello Wanda,");
    expect(mail.textBody).not.toContain("See your booking");
  });
});

describe("operatorMessageGuests: guides", () => {
  it("a guide writes to their own departure only, and sees the history without money", async () => {
    const [guide, manager, traveller] = await Promise.all([
      member("acme", "guide"),
      member("acme", "manager"),
      bookingUser(acme),
    ]);
    const own = await departure(9, guide.uid);
    const other = await departure(9);
    const booking = await confirmedBooking(traveller, acme, own.id, 1);
    const elsewhere = await confirmedBooking(await bookingUser(acme), acme, other.id, 1);
    // A refund on the booking: in the manager's history, not in the guide's.
    const refund = await v1.operatorRefundBooking({
      params: { bookingId: booking.id },
      ...asMember(manager.idToken, {
        body: {
          amountMinor: 100,
          alreadyRefundedMinor: 0,
          reason: "Late bus",
          releaseSeats: false,
          idempotencyKey: randomUUID(),
        },
      }),
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);

    const answer = await send(guide.idToken, { departureId: own.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.bookings).toBe(1);
    expectEnvelope(await send(guide.idToken, { departureId: other.id }), 404, "departure_not_found");
    expectEnvelope(await send(guide.idToken, { bookingId: elsewhere.id }), 404, "booking_not_found");
    expectEnvelope(await historyOf(guide.idToken, elsewhere.id), 404, "booking_not_found");

    const seen = await historyOf(guide.idToken, booking.id);
    expect(seen.status).toBe(200);
    const text = JSON.stringify(seen.body.data);
    expect(seen.body.data.items.some((item: { kind: string }) => item.kind === "message")).toBe(true);
    expect(seen.body.data.items[0].message.sentBy.id).toBe(guide.uid);
    expect(text).not.toContain("booking.refunded");
    expect(text).not.toMatch(/amountMinor|currency|Minor"/);
    const managers = await historyOf(manager.idToken, booking.id);
    expect(JSON.stringify(managers.body.data)).toContain("booking.refunded");

    // A booking the manager took at the desk, with a custom price, marked paid: the guide sees each
    // entry, without its amounts, currency or price reason.
    const taken = await v1.operatorCreateBooking({
      ...asMember(manager.idToken, {
        body: {
          slotId: own.id,
          tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }],
          guest: { name: "Rosa Parks-Lee", email: `guest-${randomUUID().slice(0, 8)}@example.com` },
          payment: "pay_on_arrival",
          customTotal: "45.00",
          priceReason: "Repeat guest",
        },
        headers: { "Idempotency-Key": randomUUID() },
      }),
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const takenId = taken.body.data.booking.id as string;
    const paid = await v1.operatorMarkBookingPaid({ params: { bookingId: takenId }, ...asMember(manager.idToken) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const guides = await historyOf(guide.idToken, takenId);
    const actions = guides.body.data.items.map((item: { entry?: { action: string } }) => item.entry?.action);
    expect(actions).toEqual(expect.arrayContaining(["booking.created_by_staff", "booking.marked_paid"]));
    expect(JSON.stringify(guides.body.data)).not.toMatch(/Minor|currency|Repeat guest|4500/);
    expect(JSON.stringify((await historyOf(manager.idToken, takenId)).body.data)).toMatch(/"amountMinor":"4500"/);
  });
});

describe("operatorMessageGuests: limits and hostile input", () => {
  it(`answers 429 after ${GUEST_MESSAGE_LIMITS.perDeparture} sends an hour to one departure`, async () => {
    const [owner, traveller] = await Promise.all([member("acme", "owner"), bookingUser(acme)]);
    const slot = await departure(10);
    await confirmedBooking(traveller, acme, slot.id, 1);
    for (let i = 0; i < GUEST_MESSAGE_LIMITS.perDeparture; i++)
      expect((await send(owner.idToken, { departureId: slot.id })).status).toBe(200);
    const refused = await send(owner.idToken, { departureId: slot.id });
    expectEnvelope(refused, 429, "rate_limited");
    expect(await guestMails(traveller.email)).toHaveLength(GUEST_MESSAGE_LIMITS.perDeparture);
  });

  it("refuses hostile and malformed bodies with 4xx, never 500, and writes nothing", async () => {
    const [owner, traveller] = await Promise.all([member("acme", "owner"), bookingUser(acme)]);
    const slot = await departure(11);
    const booking = await confirmedBooking(traveller, acme, slot.id, 1);
    const bad: Array<Record<string, unknown>> = [
      { bookingId: booking.id, departureId: slot.id },
      {},
      { bookingId: booking.id, subject: "a\u0000b" },
      { bookingId: booking.id, body: "x\u0000" },
      { bookingId: booking.id, subject: "x".repeat(151) },
      { bookingId: booking.id, body: "x".repeat(2001) },
      { bookingId: booking.id, subject: "  " },
      { bookingId: booking.id, template: "spam" },
      { bookingId: booking.id, sms: "yes" },
      { bookingId: "bk_' OR 1=1 --" },
      { departureId: "../../etc" },
      { bookingId: booking.id, extra: 1 },
    ];
    for (const body of bad) {
      const answer = await send(owner.idToken, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expectEnvelope(await send(owner.idToken, { bookingId: "bk_AAAAAAAAAAAAAAAA" }), 404, "booking_not_found");
    expectEnvelope(await send(owner.idToken, { departureId: "nope" }), 404, "departure_not_found");
    const kept = await db()
      .select()
      .from(bookingMessages)
      .where(and(eq(bookingMessages.bookingId, booking.id)));
    expect(kept).toHaveLength(0);
    expect(await guestMails(traveller.email)).toHaveLength(0);
  });

  it("a signed-out caller 401, a non-member 404", async () => {
    const body = { ...MESSAGE, sms: false, departureId: "anything" };
    expectEnvelope(await v1.operatorMessageGuests(asMember(undefined, { body })), 401, "unauthorized");
    const stranger = await syncedUser();
    expectEnvelope(await v1.operatorMessageGuests(asMember(stranger.idToken, { body })), 404, "not_found");
  });
});
