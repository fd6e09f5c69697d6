import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceBreakdown } from "~contract/bookings/pricing";
import {
  bookings,
  notifications,
  outbox,
  promoCodes,
  sandboxCheckouts,
  slots,
  ticketTypes,
  users,
} from "~api/db/schema";
import { seed } from "~api/db/seed";
import { expireHolds } from "~api/bookings/hold-expiry";
import { expectEnvelope } from "../../support/api";
import * as world from "../../support/booking";
import { createUser, outboxFor, syncedUser } from "../../support/identity";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

const BOOKING_KEYS = [
  "id",
  "addOns",
  "pickup",
  "giftCardMinor",
  "canReview",
  "reviewed",
  "confirmedAt",
  "card",
  "refunds",
  "reference",
  "meetingPoint",
  "meetingPointLocation",
  "refundIfCancelledMinor",
  "checkoutUrl",
  "status",
  "experienceId",
  "experienceTitle",
  "serviceId",
  "serviceName",
  "operatorName",
  "startsAt",
  "endsAt",
  "timezone",
  "seats",
  "tickets",
  "subtotalMinor",
  "discountMinor",
  "feesMinor",
  "taxMinor",
  "totalMinor",
  "currency",
  "promoCode",
  "canCancel",
  "cancellationCutoffHours",
  "freeCancellationUntil",
  "refundMinor",
  "holdExpiresAt",
  "createdAt",
  "paymentStatus",
  "privatePriceMinor",
  "deposit",
  "ticketCode",
  "checkedInGuests",
  "moveOffered",
  "answers",
  "canChangeAnswers",
];

describe("POST /v1/bookings and the sandbox checkout", () => {
  it("happy path: held with a checkout, paid with 4242 → confirmed, email with .ics, notification", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 8 });
    const body = world.bookingBody(acme, slot.id, 2, { utm: { source: "newsletter", campaign: "fall" } });
    const placed = await world.placeBooking(user.idToken, body);
    expect(placed.status).toBe(201);
    const { booking, checkoutUrl } = placed.body.data;
    expect(Object.keys(booking).sort()).toEqual([...BOOKING_KEYS].sort());
    const expected = priceBreakdown(
      [{ ticketTypeId: acme.adult.id, name: acme.adult.name, unitPriceMinor: acme.adult.priceMinor, quantity: 2 }],
      null,
    );
    expect(booking).toMatchObject({
      status: "held",
      experienceId: acme.experienceId,
      experienceTitle: acme.experienceTitle,
      serviceId: acme.serviceId,
      serviceName: acme.serviceName,
      operatorName: "Acme Adventures",
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      timezone: "America/New_York",
      seats: 2,
      tickets: [
        {
          ticketTypeId: acme.adult.id,
          code: "adult",
          name: "Adult",
          quantity: 2,
          unitPriceMinor: acme.adult.priceMinor,
        },
      ],
      subtotalMinor: expected.subtotalMinor,
      discountMinor: 0,
      feesMinor: expected.feesMinor,
      taxMinor: 0,
      totalMinor: expected.totalMinor,
      currency: "USD",
      promoCode: null,
      canCancel: true,
      cancellationCutoffHours: 24,
      refundMinor: null,
      paymentStatus: "pending",
    });
    expect(booking.id).toMatch(/^bk_[A-Za-z0-9_-]{16}$/);
    expect(booking.reference).toMatch(/^WF-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(booking.checkoutUrl).toBe(checkoutUrl);
    expect(booking.refundIfCancelledMinor).toBe(0);
    const holdMs = Date.parse(booking.holdExpiresAt) - Date.now();
    expect(holdMs).toBeGreaterThan(14 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    const row = await world.bookingRow(db(), booking.id);
    expect(row.utm).toEqual({ source: "newsletter", campaign: "fall" });
    expect(row.origin).toBe("http://localhost");

    const sessionId = world.sessionIdOf(checkoutUrl);
    const checkout = await v1.sandboxCheckout({ params: { sessionId } });
    expect(checkout.status).toBe(200);
    expect(checkout.body.data).toEqual({
      id: sessionId,
      amountMinor: expected.totalMinor,
      currency: "USD",
      title: `${acme.experienceTitle} · ${acme.serviceName}`,
      status: "open",
      bookingId: booking.id,
      cancelUrl: body.cancelUrl,
      // Open: there is no paid booking to link to yet.
      paidUrl: null,
    });

    const paid = await world.pay(sessionId);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toEqual({
      status: "paid",
      redirectUrl: `/experiences/${acme.experienceId}/${acme.serviceId}/return/${booking.id}`,
    });

    const got = await v1.booking({ params: { id: booking.id }, token: user.idToken });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      id: booking.id,
      status: "confirmed",
      paymentStatus: "paid",
      holdExpiresAt: null,
      canCancel: true,
    });
    expect(got.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    expect((await v1.sandboxCheckout({ params: { sessionId } })).body.data.status).toBe("paid");

    const mails = (await outboxFor(user.email)).filter((message) => message.kind === "booking_confirmed");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Booking confirmed: ${acme.experienceTitle}`);
    // The readable reference (WF-XXXX-XXXX), as on the booking's page, not the internal id.
    expect(mail.textBody).toContain(`Booking reference: ${booking.reference}`);
    expect(booking.reference).toMatch(/^WF-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(mail.textBody).toContain("2 × Adult");
    // The booking's own page, in the text and the HTML alike.
    expect(mail.textBody).toContain(`See or cancel your booking: http://localhost/account/booking/${booking.id}`);
    expect(mail.htmlBody).toContain(`href="http://localhost/account/booking/${booking.id}"`);
    expect(mail.textBody).toContain("(America/New_York)");
    const localTime = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hour: "numeric",
      minute: "2-digit",
    }).format(slot.startsAt);
    expect(mail.textBody).toContain(localTime);
    expect(mail.textBody).toContain(`$${(expected.totalMinor / 100).toFixed(2)}`);
    // The calendar file, then the ticket's QR code (tests/api/operator/check-in.test.ts).
    expect(mail.attachments).toHaveLength(2);
    expect(mail.attachments[0]).toMatchObject({
      name: "booking.ics",
      contentType: expect.stringContaining("text/calendar"),
    });
    expect(mail.attachments[1]).toMatchObject({ name: "ticket.png", contentType: "image/png" });
    const ics = Buffer.from(mail.attachments[0].content, "base64").toString("utf8");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain(`UID:${booking.id}@localhost\r\n`);
    const utc = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(ics).toContain(`DTSTART:${utc(slot.startsAt)}\r\n`);
    expect(ics).toContain(`DTEND:${utc(slot.endsAt)}\r\n`);
    expect(ics).toMatch(/\r\nLOCATION:[^\r\n]+/);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    expect(ics.replace(/\r\n /g, "")).toContain(`\r\nURL:http://localhost/account/booking/${booking.id}\r\n`);
    expect(ics).toContain("\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=START:-PT24H\r\n");

    const inbox = await v1.notifications({ token: user.idToken });
    expect(inbox.status).toBe(200);
    expect(inbox.body.data).toMatchObject({ unread: 1, total: 1, page: 1 });
    expect(inbox.body.data.items[0]).toMatchObject({
      kind: "booking_confirmed",
      link: `/account/booking/${booking.id}`,
      readAt: null,
    });
    expect(inbox.body.data.items[0].title).toContain(acme.experienceTitle);

    // Paying again: the checkout is closed.
    expectEnvelope(await world.pay(sessionId), 409, "checkout_closed");
  });

  it("a declined card (4000 0000 0000 0002) is 402 card_declined: the booking stays held and another card pays it", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 6, seatsLeft: 4 });
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 3));
    expect(placed.status).toBe(201);
    expect(await world.seatsTaken(db(), slot.id)).toBe(5);
    const sessionId = world.sessionIdOf(placed.body.data.checkoutUrl);
    expectEnvelope(await world.pay(sessionId, world.DECLINED), 402, "card_declined");
    expectEnvelope(await world.pay(sessionId, world.DECLINED), 402, "card_declined");
    expect(await world.seatsTaken(db(), slot.id)).toBe(5);
    const got = await v1.booking({ params: { id: placed.body.data.booking.id }, token: user.idToken });
    expect(got.body.data).toMatchObject({ status: "held", paymentStatus: "pending", canCancel: true });
    expect(got.body.data.checkoutUrl).toBe(placed.body.data.checkoutUrl);
    expect((await v1.sandboxCheckout({ params: { sessionId } })).body.data.status).toBe("open");
    expect((await outboxFor(user.email)).filter((message) => message.kind === "booking_confirmed")).toEqual([]);

    const paid = await world.pay(sessionId);
    expect(paid.status).toBe(200);
    const after = await v1.booking({ params: { id: placed.body.data.booking.id }, token: user.idToken });
    expect(after.body.data).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await world.seatsTaken(db(), slot.id)).toBe(5);
    // A closed checkout refuses the decline card too.
    expectEnvelope(await world.pay(sessionId, world.DECLINED), 409, "checkout_closed");
  });

  it("card numbers: not Luhn-valid or not a test card → 400 card_invalid; bad expiry or CVC → 400 with fields", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
    const sessionId = world.sessionIdOf(placed.body.data.checkoutUrl);
    expectEnvelope(await world.pay(sessionId, "4242 4242 4242 4241"), 400, "card_invalid");
    expectEnvelope(await world.pay(sessionId, "5555 5555 5555 4444"), 400, "card_invalid");
    expect(
      expectEnvelope(await world.pay(sessionId, undefined, { expiry: "01/20" }), 400, "validation_error").fields,
    ).toHaveProperty("expiry");
    expect(
      expectEnvelope(await world.pay(sessionId, undefined, { cvc: "12" }), 400, "validation_error").fields,
    ).toHaveProperty("cvc");
    expect((await v1.sandboxCheckout({ params: { sessionId } })).body.data.status).toBe("open");
    expectEnvelope(await v1.sandboxCheckout({ params: { sessionId: "cs_sandbox_nope" } }), 404, "checkout_not_found");
    expectEnvelope(await v1.sandboxCheckout({ params: { sessionId: "not%20an%20id" } }), 400, "validation_error");
  });

  it("saving the card marks the user as having a payment method", async () => {
    const user = await world.bookingUser(acme);
    const before = await v1.missingData({ token: user.idToken });
    expect(before.body.data.missingData).toEqual(["paymentMethod"]);
    const slot = await world.createSlot(db(), acme.serviceId);
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
    await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl), undefined, { saveCard: true });
    const [row] = await db().select().from(users).where(eq(users.id, user.uid));
    expect(row.hasPaymentMethod).toBe(true);
    expect((await v1.missingData({ token: user.idToken })).body.data.missingData).toEqual([]);
  });

  it("the same Idempotency-Key gives the same booking (200), sequentially and concurrently", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 10 });
    const body = world.bookingBody(acme, slot.id, 2);
    const key = randomUUID();
    const first = await world.placeBooking(user.idToken, body, { key });
    expect(first.status).toBe(201);
    const again = await world.placeBooking(user.idToken, body, { key });
    expect(again.status).toBe(200);
    expect(again.body.data.booking.id).toBe(first.body.data.booking.id);
    expect(again.body.data.checkoutUrl).toBe(first.body.data.checkoutUrl);
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);

    // Another departure, so the first hold is not simply answered again.
    const slot2 = await world.createSlot(db(), acme.serviceId, { capacity: 10 });
    const raceKey = randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        world.placeBooking(user.idToken, world.bookingBody(acme, slot2.id, 2), { key: raceKey }),
      ),
    );
    expect(racing.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(racing.map((res) => res.body.data.booking.id)).size).toBe(1);
    expect(new Set(racing.map((res) => res.body.data.checkoutUrl)).size).toBe(1);
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    expect(await world.seatsTaken(db(), slot2.id)).toBe(2);
    const rows = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect(rows).toHaveLength(2);
    expect(
      await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.bookingId, racing[0].body.data.booking.id)),
    ).toHaveLength(1);

    // The same key for another booking is refused.
    expectEnvelope(
      await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 3), { key }),
      409,
      "idempotency_key_reused",
    );
  });

  it("your own hold never blocks you: the same order (new key) answers the held booking; a changed order replaces it", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 3, seatsLeft: 3 });
    const first = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 3));
    expect(first.status).toBe(201);
    const firstId = first.body.data.booking.id;

    // Pay pressed again from a reloaded page (a new Idempotency-Key): the same booking and checkout.
    const again = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 3));
    expect(again.status).toBe(200);
    expect(again.body.data.booking.id).toBe(firstId);
    expect(again.body.data.checkoutUrl).toBe(first.body.data.checkoutUrl);
    expect(await world.seatsTaken(db(), slot.id)).toBe(3);

    // All 3 seats are the guest's own hold; asking for 2 replaces it instead of answering sold_out.
    const changed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 2));
    expect(changed.status).toBe(201);
    expect(changed.body.data.booking.id).not.toBe(firstId);
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    expect(await world.bookingRow(db(), firstId)).toMatchObject({ status: "cancelled", paymentStatus: "expired" });
    // The replaced checkout no longer takes payments.
    expectEnvelope(await world.pay(world.sessionIdOf(first.body.data.checkoutUrl)), 409, "checkout_closed");
    const mine = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect(mine.filter((row) => row.status === "held").map((row) => row.id)).toEqual([changed.body.data.booking.id]);

    // The same order from several tabs at once (different keys): still one booking.
    const tabs = await Promise.all(
      Array.from({ length: 4 }, () => world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 2))),
    );
    expect(new Set(tabs.map((res) => res.body.data.booking.id))).toEqual(new Set([changed.body.data.booking.id]));
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);

    // Another guest's hold still counts: 1 seat left, 2 asked.
    const other = await world.bookingUser(acme);
    expectEnvelope(await world.placeBooking(other.idToken, world.bookingBody(acme, slot.id, 2)), 409, "sold_out");
  });

  it("same-key twins on the last seat: every copy answers the one booking (none is told sold_out)", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 10, seatsLeft: 1 });
    const key = randomUUID();
    const twins = await Promise.all(
      Array.from({ length: 8 }, () => world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 1), { key })),
    );
    expect(twins.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(twins.map((res) => res.body.data.booking.id)).size).toBe(1);
    expect(await world.seatsTaken(db(), slot.id)).toBe(10);
  });

  it("a late payment for a booking cancelled before payment is refunded, never confirmed", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 4, seatsLeft: 4 });
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 1));
    const id = placed.body.data.booking.id;
    await v1.cancelBooking({ params: { id }, token: user.idToken });
    // The checkout was left open (as a provider page may still be): the payment arrives anyway.
    await db()
      .update(sandboxCheckouts)
      .set({ status: "open" })
      .where(eq(sandboxCheckouts.id, world.sessionIdOf(placed.body.data.checkoutUrl)));
    expect((await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl))).status).toBe(200);
    expect(await world.bookingRow(db(), id)).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);
    expect((await outboxFor(user.email)).map((message) => message.kind)).toContain("booking_refunded");
  });

  it("one user may ask for 30 bookings per 10 minutes; the 31st is 429 with Retry-After", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 10 });
    for (let i = 0; i < 30; i++) {
      expect([200, 201]).toContain((await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id))).status);
    }
    const refused = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
    expectEnvelope(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another user is not affected.
    expect(
      (await world.placeBooking((await world.bookingUser(acme)).idToken, world.bookingBody(acme, slot.id))).status,
    ).toBe(201);
  });

  it("409 sold_out with a clear message when not enough seats are left; nothing is taken", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 10, seatsLeft: 2 });
    const res = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 3));
    const error = expectEnvelope(res, 409, "sold_out");
    expect(error.message).toBe("Not enough seats left for this time.");
    expect(await world.seatsTaken(db(), slot.id)).toBe(8);
    expect(await db().select().from(bookings).where(eq(bookings.userId, user.uid))).toEqual([]);
    expect((await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 2))).status).toBe(201);
    expect(await world.seatsTaken(db(), slot.id)).toBe(10);
    const other = await world.bookingUser(acme);
    expectEnvelope(await world.placeBooking(other.idToken, world.bookingBody(acme, slot.id, 1)), 409, "sold_out");
  });

  it("concurrent requests in one process never oversell (PGlite serialises them, PostgreSQL locks the row)", async () => {
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 10, seatsLeft: 3 });
    const people = await Promise.all(Array.from({ length: 6 }, () => world.bookingUser(acme)));
    const results = await Promise.all(
      people.map((user) => world.placeBooking(user.idToken, world.bookingBody(acme, slot.id))),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(3);
    for (const res of results.filter((r) => r.status !== 201)) expectEnvelope(res, 409, "sold_out");
    expect(await world.seatsTaken(db(), slot.id)).toBe(10);
  });

  it("validates: Idempotency-Key, tickets, paths; 404 for an unknown, other-service or started departure", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const noKey = await v1.createBooking({ token: user.idToken, body: world.bookingBody(acme, slot.id) });
    expect(expectEnvelope(noKey, 400, "validation_error").fields).toHaveProperty("Idempotency-Key");
    expectEnvelope(
      await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id), { key: "short" }),
      400,
      "validation_error",
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tickets: [] }, "tickets"],
      [{ tickets: [{ ticketTypeId: acme.adult.id, quantity: 21 }] }, "tickets.0.quantity"],
      [{ tickets: [{ ticketTypeId: acme.adult.id, quantity: 0 }] }, "tickets"],
      [
        {
          tickets: [
            { ticketTypeId: acme.adult.id, quantity: 20 },
            ...(acme.child
              ? [{ ticketTypeId: acme.child.id, quantity: 1 }]
              : [{ ticketTypeId: acme.adult.id, quantity: 1 }]),
          ],
        },
        "tickets",
      ],
      [{ tickets: [{ ticketTypeId: "sv-other-adult", quantity: 1 }] }, "tickets.0.ticketTypeId"],
      [{ returnUrl: "https://evil.example/return" }, "returnUrl"],
      [{ returnUrl: "//evil.example/x" }, "returnUrl"],
      [{ cancelUrl: "javascript:alert(1)" }, "cancelUrl"],
    ];
    for (const [patch, field] of cases) {
      const res = await world.placeBooking(user.idToken, { ...world.bookingBody(acme, slot.id), ...patch } as never);
      const error = expectEnvelope(res, 400, "validation_error");
      expect(
        Object.keys(error.fields ?? {}).some(
          (key) => key === field || key.startsWith(`${field}.`) || (field === "tickets" && key === "tickets"),
        ),
        `${JSON.stringify(patch)} → ${JSON.stringify(error.fields)}`,
      ).toBe(true);
    }
    expectEnvelope(
      await world.placeBooking(user.idToken, world.bookingBody(acme, "no-such-slot")),
      404,
      "slot_not_found",
    );
    const harbor = await world.findService(db(), "harbor");
    const harborSlot = await world.createSlot(db(), harbor.serviceId);
    expectEnvelope(
      await world.placeBooking(user.idToken, world.bookingBody(acme, harborSlot.id)),
      404,
      "slot_not_found",
    );
    const started = await world.createSlot(db(), acme.serviceId, { startsInHours: -13 });
    expectEnvelope(await world.placeBooking(user.idToken, world.bookingBody(acme, started.id)), 404, "slot_not_found");
    expect(await db().select().from(bookings).where(eq(bookings.userId, user.uid))).toEqual([]);
  });

  it("needs a signed-in user with a complete profile and the operator's waiver", async () => {
    const slot = await world.createSlot(db(), acme.serviceId);
    expectEnvelope(
      await v1.createBooking({ body: world.bookingBody(acme, slot.id), headers: { "Idempotency-Key": randomUUID() } }),
      401,
      "unauthorized",
    );

    const neverSynced = await createUser();
    expectEnvelope(
      await world.placeBooking(neverSynced.idToken, world.bookingBody(acme, slot.id)),
      404,
      "user_not_found",
    );

    const incomplete = await syncedUser({ firstName: "Ada" });
    const res = await world.placeBooking(incomplete.idToken, world.bookingBody(acme, slot.id));
    expect(expectEnvelope(res, 409, "profile_incomplete").message).toContain("lastName");
    // A postal address is not needed to book: a named guest without one only owes the waiver.
    const noAddress = await syncedUser({ firstName: "Ada", lastName: "Lovelace" });
    expectEnvelope(
      await world.placeBooking(noAddress.idToken, world.bookingBody(acme, slot.id)),
      409,
      "waiver_required",
    );

    const unsigned = await syncedUser({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+15551234567",
      location: { address: "1 Main St", city: "Springfield", state: "IL" },
    });
    expectEnvelope(
      await world.placeBooking(unsigned.idToken, world.bookingBody(acme, slot.id)),
      409,
      "waiver_required",
    );
    // Another operator's waiver does not count.
    await v1.signWaiver({
      token: unsigned.idToken,
      account: "harbor",
      body: { signedName: "Ada Lovelace", agree: true, textVersion: 1 },
    });
    expectEnvelope(
      await world.placeBooking(unsigned.idToken, world.bookingBody(acme, slot.id)),
      409,
      "waiver_required",
    );
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);
  });

  it("promo codes: applied and counted; unusable → 409 promo_invalid; limits hold", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const placed = await world.placeBooking(
      user.idToken,
      world.bookingBody(acme, slot.id, 2, { promoCode: "welcome10" }),
    );
    expect(placed.status).toBe(201);
    const expected = priceBreakdown(
      [{ ticketTypeId: acme.adult.id, name: "Adult", unitPriceMinor: acme.adult.priceMinor, quantity: 2 }],
      {
        code: "WELCOME10",
        percentOff: 10,
        amountOffMinor: null,
      },
    );
    expect(placed.body.data.booking).toMatchObject({
      promoCode: "WELCOME10",
      discountMinor: expected.discountMinor,
      totalMinor: expected.totalMinor,
    });
    const acme5 = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 1, { promoCode: "ACME5" }));
    expect(acme5.body.data.booking).toMatchObject({ promoCode: "ACME5", discountMinor: 500 });
    expectEnvelope(
      await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 1, { promoCode: "NOPE99" })),
      409,
      "promo_invalid",
    );

    const harbor = await world.findService(db(), "harbor");
    const harborUser = await world.bookingUser(harbor);
    const harborSlot = await world.createSlot(db(), harbor.serviceId);
    expectEnvelope(
      await world.placeBooking(harborUser.idToken, world.bookingBody(harbor, harborSlot.id, 1, { promoCode: "ACME5" })),
      409,
      "promo_invalid",
    );

    await db().delete(promoCodes).where(eq(promoCodes.code, "ONCE"));
    await db().insert(promoCodes).values({ code: "ONCE", percentOff: 50, maxRedemptions: 1 });
    const first = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 1, { promoCode: "ONCE" }));
    expect(first.status).toBe(201);
    expectEnvelope(
      await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 1, { promoCode: "ONCE" })),
      409,
      "promo_invalid",
    );
    // Cancelling the held booking gives the redemption back.
    expect((await v1.cancelBooking({ params: { id: first.body.data.booking.id }, token: user.idToken })).status).toBe(
      200,
    );
    const [once] = await db().select().from(promoCodes).where(eq(promoCodes.code, "ONCE"));
    expect(once.redemptions).toBe(0);
    expect(
      (await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 1, { promoCode: "ONCE" }))).status,
    ).toBe(201);
  });

  it("free bookings (nothing to pay) are confirmed at once, without a checkout", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    await db()
      .insert(ticketTypes)
      .values({
        id: `${acme.serviceId}-infant`,
        serviceId: acme.serviceId,
        code: "infant",
        name: "Infant (under 5)",
        priceMinor: 0,
        sortOrder: 9,
      });
    const res = await world.placeBooking(user.idToken, {
      ...world.bookingBody(acme, slot.id),
      tickets: [{ ticketTypeId: `${acme.serviceId}-infant`, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.booking).toMatchObject({ status: "confirmed", totalMinor: 0, paymentStatus: "not_required" });
    expect(res.body.data.checkoutUrl).toBe(
      `/experiences/${acme.experienceId}/${acme.serviceId}/return/${res.body.data.booking.id}`,
    );
    await db().delete(bookings).where(eq(bookings.id, res.body.data.booking.id));
    await db()
      .delete(ticketTypes)
      .where(eq(ticketTypes.id, `${acme.serviceId}-infant`));
  });
});

describe("reading bookings", () => {
  it("another user can neither read, refresh nor cancel my booking (404)", async () => {
    const owner = await world.bookingUser(acme);
    const other = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const booking = await world.confirmedBooking(owner, acme, slot.id);
    expectEnvelope(await v1.booking({ params: { id: booking.id }, token: other.idToken }), 404, "booking_not_found");
    expectEnvelope(
      await v1.refreshPayment({ params: { id: booking.id }, token: other.idToken }),
      404,
      "booking_not_found",
    );
    expectEnvelope(
      await v1.cancelBooking({ params: { id: booking.id }, token: other.idToken }),
      404,
      "booking_not_found",
    );
    expect((await v1.bookings({ token: other.idToken })).body.data.items).toEqual([]);
    expect((await world.bookingRow(db(), booking.id)).status).toBe("confirmed");
    expectEnvelope(await v1.booking({ params: { id: booking.id } }), 401, "unauthorized");
    expectEnvelope(await v1.booking({ params: { id: "bk_nope" }, token: owner.idToken }), 400, "validation_error");
  });

  it("account mode: a booking of another operator's experience is 404", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const booking = await world.confirmedBooking(user, acme, slot.id);
    expect((await v1.booking({ params: { id: booking.id }, token: user.idToken, account: "acme" })).status).toBe(200);
    expectEnvelope(
      await v1.booking({ params: { id: booking.id }, token: user.idToken, account: "harbor" }),
      404,
      "booking_not_found",
    );
    expect((await v1.bookings({ token: user.idToken, account: "harbor" })).body.data.total).toBe(0);
    expect((await v1.bookings({ token: user.idToken, account: "acme" })).body.data.total).toBe(1);
    // Booking an acme service from the harbor storefront: the service is not visible there.
    expectEnvelope(
      await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id), { account: "harbor" }),
      404,
      "not_found",
    );
  });

  it("GET /v1/bookings: upcoming, past and cancelled, paged, with the list fields", async () => {
    const user = await world.bookingUser(acme);
    const soon = await world.createSlot(db(), acme.serviceId, { startsInHours: 72 });
    const later = await world.createSlot(db(), acme.serviceId, { startsInHours: 400 });
    const a = await world.confirmedBooking(user, acme, later.id);
    const b = await world.confirmedBooking(user, acme, soon.id, 2);
    const c = await world.confirmedBooking(user, acme, soon.id);
    expect((await v1.cancelBooking({ params: { id: c.id }, token: user.idToken })).status).toBe(200);
    // A past booking: move its departure into the past.
    const past = await world.createSlot(db(), acme.serviceId, { startsInHours: 200 });
    const d = await world.confirmedBooking(user, acme, past.id);
    await db()
      .update(slots)
      .set({ startsAt: new Date(Date.now() - 48 * 3_600_000), endsAt: new Date(Date.now() - 46 * 3_600_000) })
      .where(eq(slots.id, past.id));

    const upcoming = await v1.bookings({ query: { filter: "upcoming" }, token: user.idToken });
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.data).toMatchObject({ page: 1, pageSize: 10, total: 2, totalPages: 1 });
    expect(upcoming.body.data.items.map((item: { id: string }) => item.id)).toEqual([b.id, a.id]);
    expect(Object.keys(upcoming.body.data.items[0]).sort()).toEqual([...BOOKING_KEYS].sort());
    expect(upcoming.body.data.items[0]).toMatchObject({
      seats: 2,
      canCancel: true,
      operatorName: "Acme Adventures",
      status: "confirmed",
    });
    expect((await v1.bookings({ token: user.idToken })).body.data.total).toBe(2);

    const pastPage = await v1.bookings({ query: { filter: "past" }, token: user.idToken });
    expect(pastPage.body.data.items.map((item: { id: string }) => item.id)).toEqual([d.id]);
    expect(pastPage.body.data.items[0].canCancel).toBe(false);

    const cancelled = await v1.bookings({ query: { filter: "cancelled" }, token: user.idToken });
    expect(cancelled.body.data.items.map((item: { id: string }) => item.id)).toEqual([c.id]);
    expect(cancelled.body.data.items[0]).toMatchObject({
      status: "cancelled",
      refundMinor: c.totalMinor,
      canCancel: false,
    });

    const beyond = await v1.bookings({ query: { filter: "upcoming", page: "2" }, token: user.idToken });
    expect(beyond.body.data).toMatchObject({ items: [], page: 2, total: 2, totalPages: 1 });
    expectEnvelope(await v1.bookings({ query: { filter: "soon" }, token: user.idToken }), 400, "validation_error");
    expectEnvelope(await v1.bookings({ query: { page: "0" }, token: user.idToken }), 400, "validation_error");
  });
});

describe("cancellation", () => {
  it("before the cutoff: refunded in full, seats freed, notified (notification and email)", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 48, capacity: 5 });
    const booking = await world.confirmedBooking(user, acme, slot.id, 2);
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    const res = await v1.cancelBooking({ params: { id: booking.id }, token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: booking.id,
      status: "cancelled",
      refundMinor: booking.totalMinor,
      paymentStatus: "refunded",
      canCancel: false,
    });
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.bookingId, booking.id));
    expect(checkout.refundedMinor).toBe(booking.totalMinor);
    const mails = (await outboxFor(user.email)).filter((message) => message.kind === "booking_cancelled");
    expect(mails).toHaveLength(1);
    // Written with the cancellation (the same transaction), before the provider's refund is made.
    expect(mails[0].textBody).toContain(
      `We are refunding $${(booking.totalMinor / 100).toFixed(2)} to your card in full`,
    );
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.uid), eq(notifications.kind, "booking_cancelled")));
    expect(notes).toHaveLength(1);
    // The in-app notice leads to the booking itself, as the emails do.
    expect(notes[0].link).toBe(`/account/booking/${booking.id}`);
    // Again: unchanged, no second refund or email.
    const again = await v1.cancelBooking({ params: { id: booking.id }, token: user.idToken });
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe("cancelled");
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);
    expect((await outboxFor(user.email)).filter((message) => message.kind === "booking_cancelled")).toHaveLength(1);
  });

  it("after the cutoff: 409 cancellation_closed and nothing changes", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 10 }); // acme: 24 h cutoff
    const booking = await world.confirmedBooking(user, acme, slot.id);
    const view = await v1.booking({ params: { id: booking.id }, token: user.idToken });
    expect(view.body.data.canCancel).toBe(false);
    expectEnvelope(
      await v1.cancelBooking({ params: { id: booking.id }, token: user.idToken }),
      409,
      "cancellation_closed",
    );
    expect((await world.bookingRow(db(), booking.id)).status).toBe("confirmed");
    expect(await world.seatsTaken(db(), slot.id)).toBe(1);
  });

  it("a held booking can be cancelled (seats freed, no refund); an expired one cannot", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 5 });
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id, 2));
    expect(placed.body.data.booking.canCancel).toBe(true);
    const res = await v1.cancelBooking({ params: { id: placed.body.data.booking.id }, token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", refundMinor: null });
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);

    const lapsed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
    await world.expireHoldNow(db(), lapsed.body.data.booking.id);
    await expireHolds(db(), { slotId: slot.id });
    expectEnvelope(
      await v1.cancelBooking({ params: { id: lapsed.body.data.booking.id }, token: user.idToken }),
      409,
      "not_cancellable",
    );
  });
});

describe("notifications", () => {
  it("lists the caller's own, newest first with the unread count; marks one read (own only)", async () => {
    const user = await world.bookingUser(acme);
    const other = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 100 });
    const booking = await world.confirmedBooking(user, acme, slot.id);
    await v1.cancelBooking({ params: { id: booking.id }, token: user.idToken });
    const list = await v1.notifications({ token: user.idToken });
    expect(list.body.data).toMatchObject({ unread: 2, total: 2, page: 1, pageSize: 20, totalPages: 1 });
    expect(list.body.data.items.map((item: { kind: string }) => item.kind)).toEqual([
      "booking_cancelled",
      "booking_confirmed",
    ]);
    expect(Object.keys(list.body.data.items[0]).sort()).toEqual([
      "body",
      "createdAt",
      "id",
      "kind",
      "link",
      "readAt",
      "title",
    ]);
    const id = list.body.data.items[1].id;
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    expectEnvelope(
      await v1.markNotificationRead({ params: { id }, token: other.idToken }),
      404,
      "notification_not_found",
    );
    const read = await v1.markNotificationRead({ params: { id }, token: user.idToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ success: true });
    expect((await v1.markNotificationRead({ params: { id }, token: user.idToken })).status).toBe(200);
    const after = await v1.notifications({ token: user.idToken });
    expect(after.body.data.unread).toBe(1);
    expect(after.body.data.items[1].readAt).not.toBeNull();
    expect((await v1.notifications({ token: other.idToken })).body.data).toMatchObject({
      items: [],
      unread: 0,
      total: 0,
    });
    expectEnvelope(await v1.notifications(), 401, "unauthorized");
    expectEnvelope(
      await v1.markNotificationRead({ params: { id: "nt_unknown1234567" }, token: user.idToken }),
      404,
      "notification_not_found",
    );
  });
});

describe("seeding with bookings", () => {
  it("re-seeding clears bookings (they point at slots), writes its own again and keeps the seed promo codes", async () => {
    const user = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    await world.confirmedBooking(user, acme, slot.id);
    const summary = await seed(db(), { demoOwners: true });
    expect(summary.promoCodes).toBe(3);
    expect(await db().select().from(bookings).where(eq(bookings.userId, user.uid))).toEqual([]);
    const [{ left }] = await db()
      .select({ left: sql<number>`count(*)::int` })
      .from(bookings)
      .where(sql`${bookings.userId} not like 'demo-traveller-%'`);
    expect(left).toBe(0);
    expect(summary.bookings).toBeGreaterThan(0);
    const codes = await db().select().from(promoCodes);
    expect(codes.map((row) => row.code).sort()).toEqual(expect.arrayContaining(["ACME5", "FALL10", "WELCOME10"]));
    expect(await db().select().from(outbox).limit(1)).toHaveLength(1);
  });
});
