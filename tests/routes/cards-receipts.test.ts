import { describe, expect, it } from "vitest";
import * as notificationsRoute from "~/routes/_default.account.notifications";
import * as paymentsRoute from "~/routes/_default.account.payments";
import * as receiptRoute from "~/routes/_default.account.receipt.$bookingId";
import { bookingWorld, bookingBody, bookingUser, createSlot, pay, placeBooking, sessionIdOf } from "../support/booking";
import { args, outcome, pageRequest, sessionFor, signedInUser } from "../support/routes";
import { v1 } from "../support/client";

const { db, acme } = bookingWorld();

async function paidWithSavedCard(user: Awaited<ReturnType<typeof bookingUser>>, expiry = "12/39") {
  const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
  const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 2));
  await pay(sessionIdOf(placed.body.data.checkoutUrl), undefined, { saveCard: true, expiry });
  return placed.body.data.booking.id as string;
}

describe("/account/payments: saved cards", () => {
  it("lists the cards; make default and remove are native posts that come back with a message", async () => {
    const user = await bookingUser(acme);
    await paidWithSavedCard(user, "12/39");
    await paidWithSavedCard(user, "10/37");
    const cookie = await sessionFor(user);
    const page = await outcome(() => paymentsRoute.loader(args(pageRequest("/account/payments", { cookie }))));
    const [first, second] = page.data.cards;
    expect(first).toMatchObject({ isDefault: true, last4: "4242" });
    const made = await outcome(() =>
      paymentsRoute.action(
        args(pageRequest("/account/payments", { cookie, form: { intent: "default", id: second.id } })),
      ),
    );
    expect(made.status).toBe(302);
    expect(made.location).toBe("/account/payments");
    const flash = made.headers.get("Set-Cookie")!.split(";")[0];
    const after = await outcome(() =>
      paymentsRoute.loader(args(pageRequest("/account/payments", { cookie: `${cookie}; ${flash}` }))),
    );
    expect(after.data.flash).toBe("cards.madeDefault");
    expect(after.data.cards[0]).toMatchObject({ id: second.id, isDefault: true });
    const removed = await outcome(() =>
      paymentsRoute.action(
        args(pageRequest("/account/payments", { cookie, form: { intent: "remove", id: first.id } })),
      ),
    );
    expect(removed.status).toBe(302);
    expect((await v1.savedCards({ token: user.idToken })).body.data).toHaveLength(1);
  });

  it("another user's card, a made-up id, a bad intent or a cross-site post changes nothing", async () => {
    const owner = await bookingUser(acme);
    await paidWithSavedCard(owner);
    const [card] = (await v1.savedCards({ token: owner.idToken })).body.data;
    const stranger = await signedInUser();
    const foreign = await outcome(() =>
      paymentsRoute.action(
        args(pageRequest("/account/payments", { cookie: stranger.cookie, form: { intent: "remove", id: card.id } })),
      ),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.data.result.error[""]).toEqual(["apiErrors.payment_method_not_found"]);
    const madeUp = await outcome(() =>
      paymentsRoute.action(
        args(pageRequest("/account/payments", { cookie: stranger.cookie, form: { intent: "remove", id: "x\u0000" } })),
      ),
    );
    // A NUL byte in a field: the form is refused as a whole.
    expect(madeUp.status).toBe(400);
    const badIntent = await outcome(() =>
      paymentsRoute.action(
        args(pageRequest("/account/payments", { cookie: stranger.cookie, form: { intent: "steal", id: card.id } })),
      ),
    );
    expect(badIntent.status).toBe(400);
    const ownerCookie = await sessionFor(owner);
    const crossSite = await outcome(() =>
      paymentsRoute.action(
        args(
          pageRequest("/account/payments", {
            cookie: ownerCookie,
            origin: "https://evil.example",
            form: { intent: "remove", id: card.id },
          }),
        ),
      ),
    );
    expect(crossSite.status).toBe(403);
    expect((await v1.savedCards({ token: owner.idToken })).body.data).toHaveLength(1);
  });
});

describe("/account/receipt/:bookingId", () => {
  it("shows the owner's receipt (lines, card); 404 for someone else, an unpaid booking or a bad id; login without a session", async () => {
    const user = await bookingUser(acme);
    const bookingId = await paidWithSavedCard(user);
    const cookie = await sessionFor(user);
    const receipt = await outcome(() =>
      receiptRoute.loader(args(pageRequest(`/account/receipt/${bookingId}`, { cookie }), { bookingId })),
    );
    expect(receipt.data.booking).toMatchObject({ id: bookingId, paymentStatus: "paid", card: { last4: "4242" } });
    expect(receipt.data.booking.tickets[0]).toMatchObject({ quantity: 2 });
    expect(receipt.data.title).toContain(receipt.data.booking.reference);

    const stranger = await signedInUser();
    const foreign = await outcome(() =>
      receiptRoute.loader(
        args(pageRequest(`/account/receipt/${bookingId}`, { cookie: stranger.cookie }), { bookingId }),
      ),
    );
    expect(foreign.status).toBe(404);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const held = await placeBooking(user.idToken, bookingBody(acme, slot.id));
    const heldId = held.body.data.booking.id;
    const unpaid = await outcome(() =>
      receiptRoute.loader(args(pageRequest(`/account/receipt/${heldId}`, { cookie }), { bookingId: heldId })),
    );
    expect(unpaid.status).toBe(404);
    const bad = await outcome(() =>
      receiptRoute.loader(args(pageRequest("/account/receipt/%00", { cookie }), { bookingId: "\u0000" })),
    );
    expect(bad.status).toBe(404);
    const anonymous = await outcome(() =>
      receiptRoute.loader(args(pageRequest(`/account/receipt/${bookingId}`), { bookingId })),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("/login?redirectUrl=");
  });
});

describe("/account/notifications: preferences", () => {
  it("shows the defaults, saves the ticked boxes (unticked = off) and comes back with a message", async () => {
    const user = await signedInUser();
    const page = await outcome(() =>
      notificationsRoute.loader(args(pageRequest("/account/notifications", { cookie: user.cookie }))),
    );
    expect(page.data.preferences.news).toEqual({ email: false, sms: false });
    expect(page.data.preferences.booking.email).toBe(true);
    const saved = await outcome(() =>
      notificationsRoute.action(
        args(
          pageRequest("/account/notifications", {
            cookie: user.cookie,
            form: { intent: "preferences", news_email: "on", reminders_sms: "on" },
          }),
        ),
      ),
    );
    expect(saved.status).toBe(302);
    const prefs = (await v1.notificationPreferences({ token: user.user.idToken })).body.data;
    expect(prefs).toEqual({
      booking: { email: false, sms: false },
      reminders: { email: false, sms: true },
      tips: { email: false, sms: false },
      referrals: { email: false, sms: false },
      news: { email: true, sms: false },
    });
    const odd = await outcome(() =>
      notificationsRoute.action(
        args(
          pageRequest("/account/notifications", {
            cookie: user.cookie,
            form: { intent: "preferences", news_email: "yes" },
          }),
        ),
      ),
    );
    expect(odd.status).toBe(400);
  });
});
