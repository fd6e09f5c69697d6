import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { app } from "~api/app";
import { bookings, checkoutVisits } from "~api/db/schema";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import * as returnRoute from "~/routes/_details.experiences.$parentId.$serviceId.return.$bookingId";
import * as checkoutRoute from "~/routes/_plain.sandbox.checkout.$sessionId";
import { bookingWorld, bookingBody, bookingUser, confirmedBooking, createSlot, placeBooking } from "../support/booking";
import { args, outcome, pageRequest, sessionFor, signedInUser } from "../support/routes";
import { marketingCookie } from "~/features/marketing/marketing.server";
import { issueGiftCard } from "~api/gift-cards/ledger";

const { db, acme } = bookingWorld();

const confirmPath = (slotId: string, adults = 1) =>
  `/experiences/${acme.experienceId}/${acme.serviceId}/confirm?slot=${slotId}&t_${acme.adult.id}=${adults}`;
const params = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });

describe("confirm: loader", () => {
  it("an incomplete selection goes back to the details page, keeping what was chosen", async () => {
    const path = `/experiences/${acme.experienceId}/${acme.serviceId}/confirm?date=2030-01-02`;
    const result = await outcome(() => confirmRoute.loader(args(pageRequest(path), params()) as never));
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/experiences/${acme.experienceId}/${acme.serviceId}?date=2030-01-02`);
  });

  it("a visitor signs in first; a user without profile or waiver completes them first", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const anonymous = await outcome(() =>
      confirmRoute.loader(args(pageRequest(confirmPath(slot.id)), params()) as never),
    );
    expect(anonymous.location).toBe(`/login?${new URLSearchParams({ redirectUrl: confirmPath(slot.id) })}`);
    const { cookie } = await signedInUser();
    const incomplete = await outcome(() =>
      confirmRoute.loader(args(pageRequest(confirmPath(slot.id), { cookie }), params()) as never),
    );
    expect(incomplete.location).toBe(
      `/complete-profile?${new URLSearchParams({ redirectUrl: confirmPath(slot.id), account: "acme" })}`,
    );
  });

  it("asks the quote what is missing and sends the visitor to that step; it checks nothing itself", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const named = await signedInUser({ firstName: "Ada", lastName: "Lovelace" });
    const calls = vi.spyOn(app, "fetch");
    const waiverOnly = await outcome(() =>
      confirmRoute.loader(args(pageRequest(confirmPath(slot.id), { cookie: named.cookie }), params()) as never),
    );
    const made = calls.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
    calls.mockRestore();
    // Only the waiver is owed (no address is needed to book): straight to it, for this operator.
    expect(waiverOnly.location).toBe(
      `/waiver?${new URLSearchParams({ redirectUrl: confirmPath(slot.id), account: "acme" })}`,
    );
    expect(made).toContain("POST /v1/bookings/quote");
    for (const own of ["GET /v1/user/info", "GET /v1/user/missing-data", "GET /v1/user/waiver/status"]) {
      expect(made).not.toContain(own);
    }
  });

  it("shows the quote and the departure to a user who may book; an unknown experience is 404", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const page = await outcome(() =>
      confirmRoute.loader(args(pageRequest(confirmPath(slot.id, 2), { cookie }), params()) as never),
    );
    expect(page.status).toBe(200);
    // The visit is remembered for the unfinished-booking reminder.
    const [visit] = await db().select().from(checkoutVisits).where(eq(checkoutVisits.userId, user.uid));
    expect(visit).toMatchObject({ experienceId: acme.experienceId, serviceId: acme.serviceId, remindedAt: null });
    // With the departure and tickets chosen: the reminder's link opens them again (issue 39).
    expect(visit).toMatchObject({ slotId: slot.id, tickets: [{ ticketTypeId: acme.adult.id, quantity: 2 }] });
    expect(page.data.quote.breakdown).toMatchObject({ seats: 2, subtotalMinor: 2 * acme.adult.priceMinor });
    expect(page.data.slot.id).toBe(slot.id);
    expect(page.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const unknown = await outcome(() =>
      confirmRoute.loader(
        args(pageRequest(confirmPath(slot.id), { cookie }), { parentId: "nope", serviceId: acme.serviceId }) as never,
      ),
    );
    expect(unknown.status).toBe(404);
  });

  it("a date in the address that no window can start on is ignored, not a 500", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const cookie = await sessionFor(await bookingUser(acme));
    for (const date of ["9999-12-31", "9999-10-02", "2026-02-30", "0000-01-01"]) {
      const page = await outcome(() =>
        confirmRoute.loader(args(pageRequest(`${confirmPath(slot.id)}&date=${date}`, { cookie }), params()) as never),
      );
      expect(page.status, date).toBe(200);
      // The window starts today instead, where the departure is.
      expect(page.data.slot?.id, date).toBe(slot.id);
    }
  });
});

describe("confirm: action (placing the booking is one API call)", () => {
  const place = (path: string, cookie: string | null, form: Record<string, string>, origin?: string) =>
    outcome(() => confirmRoute.action(args(pageRequest(path, { cookie, form, origin }), params()) as never));

  it("holds the seats and opens the checkout with exactly one call to the API", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const cookie = await sessionFor(await bookingUser(acme));
    const calls = vi.spyOn(app, "fetch");
    const result = await place(confirmPath(slot.id), cookie, { idempotencyKey: randomUUID(), operator: "acme" });
    const made = calls.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
    calls.mockRestore();
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    expect(made).toEqual(["POST /v1/bookings"]);
  });

  it("the promo code can be removed; the UTM values are cleared once a booking carried them", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const session = await sessionFor(user);
    const kept = await marketingCookie.serialize({ utm: { source: "newsletter" }, promoCode: "WELCOME10" });
    const cookie = `${session}; ${kept.split(";")[0]}`;
    const path = `${confirmPath(slot.id)}&promo=WELCOME10`;

    const removed = await place(path, cookie, { intent: "remove-promo" });
    expect(removed.status).toBe(302);
    expect(removed.location).toBe(confirmPath(slot.id));
    const afterRemoval = await marketingCookie.parse(removed.headers!.get("Set-Cookie"));
    expect(afterRemoval).toEqual({ utm: { source: "newsletter" }, promoCode: "" });

    const placed = await place(confirmPath(slot.id), cookie, { idempotencyKey: randomUUID(), operator: "acme" });
    expect(placed.location).toMatch(/^\/sandbox\/checkout\//);
    expect(await marketingCookie.parse(placed.headers!.get("Set-Cookie"))).toEqual({ utm: {}, promoCode: "WELCOME10" });
    const [row] = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect(row.utm).toEqual({ source: "newsletter" });
  });

  it("a gift card code: a wrong one is the field's error and holds nothing; one that covers it all confirms at once", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const wrong = await place(confirmPath(slot.id), cookie, {
      idempotencyKey: randomUUID(),
      operator: "acme",
      giftCardCode: "ABCD-EFGH-JKMN-PQRS",
    });
    expect(wrong.status).toBe(404);
    expect(wrong.data.result.error).toEqual({ giftCardCode: ["confirm.giftCardInvalid"] });
    expect(await db().select().from(bookings).where(eq(bookings.userId, user.uid))).toEqual([]);

    const { code } = await issueGiftCard(db(), {
      accountId: null,
      currency: "USD",
      amountMinor: 100_000,
      purchaserId: null,
      recipientEmail: user.email,
    });
    const paid = await place(confirmPath(slot.id), cookie, {
      idempotencyKey: randomUUID(),
      operator: "acme",
      giftCardCode: code.toLowerCase(),
    });
    expect(paid.status).toBe(302);
    expect(paid.location).toMatch(/\/return\/bk_/);
    const [row] = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect(row).toMatchObject({ status: "confirmed", giftCardMinor: row.totalMinor });
  });

  it("the API's verdicts become the page's: profile step, sold out, a changed selection", async () => {
    const full = await createSlot(db(), acme.serviceId, { capacity: 1 });
    const other = await bookingUser(acme);
    expect((await placeBooking(other.idToken, bookingBody(acme, full.id, 1))).status).toBe(201);
    const cookie = await sessionFor(await bookingUser(acme));
    const soldOut = await place(confirmPath(full.id), cookie, { idempotencyKey: randomUUID() });
    expect(soldOut.status).toBe(409);
    expect(soldOut.data.result.error[""]).toEqual(["apiErrors.sold_out"]);

    const { cookie: newcomer } = await signedInUser();
    const slot = await createSlot(db(), acme.serviceId);
    const profile = await place(confirmPath(slot.id), newcomer, { idempotencyKey: randomUUID(), operator: "acme" });
    expect(profile.status).toBe(302);
    expect(profile.location).toBe(
      `/complete-profile?${new URLSearchParams({ redirectUrl: confirmPath(slot.id), account: "acme" })}`,
    );

    const garbage = await place(confirmPath(slot.id), cookie, { idempotencyKey: "not-a-uuid" });
    expect(garbage.status).toBe(400);
    expect(garbage.data.result.error[""]).toEqual(["confirm.selectionInvalid"]);
    const unknownTicket = await place(
      `/experiences/${acme.experienceId}/${acme.serviceId}/confirm?slot=${slot.id}&t_nope=1`,
      cookie,
      { idempotencyKey: randomUUID() },
    );
    expect(unknownTicket.status).toBeGreaterThanOrEqual(400);
    expect(unknownTicket.status).toBeLessThan(500);
  });

  it("a departure already booked: the page says so first, and Pay makes no second booking without the box ticked (issue 39)", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const first = await confirmedBooking(user, acme, slot.id, 1);
    const page = await outcome(() =>
      confirmRoute.loader(args(pageRequest(confirmPath(slot.id, 2), { cookie }), params()) as never),
    );
    expect(page.data.quote.yourBookings).toEqual([
      { id: first.id, status: "confirmed", seats: 1, createdAt: expect.any(String) },
    ]);
    // The pay page as the back button shows it again: Pay without the deliberate choice is refused.
    const again = await place(confirmPath(slot.id, 2), cookie, { idempotencyKey: randomUUID(), operator: "acme" });
    expect(again.status).toBe(409);
    expect(again.data.result.error).toEqual({ bookAgain: ["confirm.bookAgainRequired"] });
    const mine = () => db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect((await mine()).map((row) => row.id)).toEqual([first.id]);
    // Ticked: a second booking, as asked.
    const more = await place(confirmPath(slot.id, 2), cookie, {
      idempotencyKey: randomUUID(),
      operator: "acme",
      bookAgain: "yes",
    });
    expect(more.status).toBe(302);
    expect(more.location).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    expect(await mine()).toHaveLength(2);
  });

  it("refuses a cross-site post (403) and sends a visitor to sign in", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const cookie = await sessionFor(await bookingUser(acme));
    const crossSite = await place(
      confirmPath(slot.id),
      cookie,
      { idempotencyKey: randomUUID() },
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    const visitor = await place(confirmPath(slot.id), null, { idempotencyKey: randomUUID() });
    expect(visitor.location).toMatch(/^\/login\?redirectUrl=/);
  });
});

describe("return page and sandbox checkout", () => {
  it("pays on the checkout page and returns to a page that only the booker can see", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 1));
    const checkoutPath = new URL(placed.body.data.checkoutUrl, "http://localhost:3000").pathname;
    const sessionId = checkoutPath.split("/").at(-1)!;

    const page = await outcome(() => checkoutRoute.loader(args(pageRequest(checkoutPath), { sessionId }) as never));
    expect(page.data.checkout).toMatchObject({ status: "open", bookingId: placed.body.data.booking.id });

    const badCard = await outcome(() =>
      checkoutRoute.action(
        args(pageRequest(checkoutPath, { form: { cardNumber: "4242 4242 4242 4241", expiry: "12/39", cvc: "123" } }), {
          sessionId,
        }) as never,
      ),
    );
    expect(badCard.data.result.error.cardNumber).toEqual(["checkout.cardInvalid"]);

    const paid = await outcome(() =>
      checkoutRoute.action(
        args(pageRequest(checkoutPath, { form: { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" } }), {
          sessionId,
        }) as never,
      ),
    );
    expect(paid.status).toBe(302);
    const returnPath = paid.location!;
    expect(returnPath).toBe(
      `/experiences/${acme.experienceId}/${acme.serviceId}/return/${placed.body.data.booking.id}`,
    );
    const returnParams = { ...params(), bookingId: placed.body.data.booking.id };
    const userCookie = await sessionFor(user);
    const mine = await outcome(() =>
      returnRoute.loader(args(pageRequest(returnPath, { cookie: userCookie }), returnParams) as never),
    );
    expect(mine.data.booking).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    // The confirmation carries the ticket (its QR code) and where to meet (issue 39).
    expect(mine.data.booking.ticketCode).toMatch(/^[0-9A-Z]{26}$/);
    expect(mine.data.ticketQr).toMatch(/^<svg/);
    expect(mine.data.booking.meetingPoint).not.toBe("");
    const stranger = await signedInUser();
    const theirs = await outcome(() =>
      returnRoute.loader(args(pageRequest(returnPath, { cookie: stranger.cookie }), returnParams) as never),
    );
    expect(theirs.status).toBe(404);

    const closed = await outcome(() =>
      checkoutRoute.action(
        args(pageRequest(checkoutPath, { form: { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" } }), {
          sessionId,
        }) as never,
      ),
    );
    expect(closed.data.result.error[""]).toEqual(["apiErrors.checkout_closed"]);
    // Reached again (the back button): it says it is paid and leads to the booking.
    const again = await outcome(() => checkoutRoute.loader(args(pageRequest(checkoutPath), { sessionId }) as never));
    expect(again.data.checkout).toMatchObject({
      status: "paid",
      bookingId: placed.body.data.booking.id,
      paidUrl: returnPath,
    });
  });

  it("an unknown checkout is the spec's 404 on the page and a form error (never a 500) on post", async () => {
    const loader = await outcome(() =>
      checkoutRoute.loader(
        args(pageRequest("/sandbox/checkout/cs_sandbox_nope"), { sessionId: "cs_sandbox_nope" }) as never,
      ),
    );
    expect(loader.status).toBe(404);
    const action = await outcome(() =>
      checkoutRoute.action(
        args(
          pageRequest("/sandbox/checkout/cs_sandbox_nope", {
            form: { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
          }),
          {
            sessionId: "cs_sandbox_nope",
          },
        ) as never,
      ),
    );
    // The form again, with the API's status.
    expect(action.status).toBe(404);
    expect(action.data.result.error[""]).toEqual(["apiErrors.checkout_not_found"]);
  });
});
