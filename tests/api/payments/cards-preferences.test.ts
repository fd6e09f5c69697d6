import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "~contract/identity/preferences";
import { paymentMethods, users } from "~api/db/schema";
import { expectEnvelope } from "../../support/api";
import * as world from "../../support/booking";
import { call, outboxFor, syncedUser, type TestUser } from "../../support/identity";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

const cards = async (user: TestUser) => (await v1.savedCards({ token: user.idToken })).body.data;

/** Books one seat and pays with the test card, keeping it: the guest now has a saved card. */
async function payAndSave(user: TestUser, expiry = "12/39") {
  const slot = await world.createSlot(db(), acme.serviceId, { capacity: 10 });
  const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
  const paid = await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl), undefined, { saveCard: true, expiry });
  expect(paid.status).toBe(200);
  return placed.body.data.booking.id as string;
}

describe("saved cards", () => {
  it("a card saved at checkout is listed (brand, last 4, expiry; never the number), the first one default", async () => {
    const user = await world.bookingUser(acme);
    expect(await cards(user)).toEqual([]);
    const bookingId = await payAndSave(user);
    const list = await cards(user);
    expect(list).toEqual([
      expect.objectContaining({
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: 2039,
        isDefault: true,
        expired: false,
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain("4242424242424242");
    expect(await world.bookingRow(db(), bookingId)).toMatchObject({ cardBrand: "visa", cardLast4: "4242" });
    const booking = await v1.booking({ params: { id: bookingId }, token: user.idToken });
    expect(booking.body.data.card).toEqual({ brand: "visa", last4: "4242" });
    expect(booking.body.data.confirmedAt).toEqual(expect.any(String));
    // The same card saved again is kept once; another expiry is another card (not the default).
    await payAndSave(user);
    await payAndSave(user, "11/38");
    const after = await cards(user);
    expect(after).toHaveLength(2);
    expect(after.filter((card: { isDefault: boolean }) => card.isDefault)).toHaveLength(1);
    expect(after[0]).toMatchObject({ expMonth: 12, isDefault: true });
  });

  it("set default, remove (the default moves; no card left → no payment method on file)", async () => {
    const user = await world.bookingUser(acme);
    await payAndSave(user, "12/39");
    await payAndSave(user, "10/37");
    const [first, second] = await cards(user);
    expect((await v1.setDefaultCard({ params: { id: second.id }, token: user.idToken })).status).toBe(200);
    expect((await cards(user)).find((card: { id: string }) => card.id === second.id).isDefault).toBe(true);
    expect((await v1.removeCard({ params: { id: second.id }, token: user.idToken })).status).toBe(200);
    expect(await cards(user)).toEqual([expect.objectContaining({ id: first.id, isDefault: true })]);
    await v1.removeCard({ params: { id: first.id }, token: user.idToken });
    expect(await cards(user)).toEqual([]);
    const [row] = await db().select().from(users).where(eq(users.id, user.uid));
    expect(row.hasPaymentMethod).toBe(false);
    expectEnvelope(
      await v1.removeCard({ params: { id: first.id }, token: user.idToken }),
      404,
      "payment_method_not_found",
    );
  });

  it("pays a booking at once with a saved card: confirmed, no checkout page; an expired card falls back to the checkout", async () => {
    const user = await world.bookingUser(acme);
    await payAndSave(user);
    const [card] = await cards(user);
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 5 });
    const placed = await world.placeBooking(
      user.idToken,
      world.bookingBody(acme, slot.id, 2, { paymentMethodId: card.id }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body.data.booking).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      card: { last4: "4242" },
    });
    expect(placed.body.data.checkoutUrl).toBe(
      `/experiences/${acme.experienceId}/${acme.serviceId}/return/${placed.body.data.booking.id}`,
    );
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    expect((await outboxFor(user.email)).filter((m) => m.kind === "booking_confirmed").length).toBeGreaterThanOrEqual(
      2,
    );

    await db().update(paymentMethods).set({ expYear: 2020 }).where(eq(paymentMethods.id, card.id));
    expect((await cards(user))[0].expired).toBe(true);
    const slot2 = await world.createSlot(db(), acme.serviceId, { capacity: 5 });
    const fallback = await world.placeBooking(
      user.idToken,
      world.bookingBody(acme, slot2.id, 1, { paymentMethodId: card.id }),
    );
    expect(fallback.status).toBe(201);
    expect(fallback.body.data.booking.status).toBe("held");
    expect(fallback.body.data.checkoutUrl).toMatch(/^\/sandbox\/checkout\//);
  });

  it("no user can see, change, remove or pay with another user's card (404), and ids are validated", async () => {
    const owner = await world.bookingUser(acme);
    const other = await world.bookingUser(acme);
    await payAndSave(owner);
    const [card] = await cards(owner);
    expect(await cards(other)).toEqual([]);
    expectEnvelope(
      await v1.setDefaultCard({ params: { id: card.id }, token: other.idToken }),
      404,
      "payment_method_not_found",
    );
    expectEnvelope(
      await v1.removeCard({ params: { id: card.id }, token: other.idToken }),
      404,
      "payment_method_not_found",
    );
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 5 });
    expectEnvelope(
      await world.placeBooking(other.idToken, world.bookingBody(acme, slot.id, 1, { paymentMethodId: card.id })),
      404,
      "payment_method_not_found",
    );
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);
    expect(await cards(owner)).toHaveLength(1);
    expectEnvelope(
      await v1.removeCard({ params: { id: "not-a-card" }, token: owner.idToken }),
      400,
      "validation_error",
    );
    expectEnvelope(await v1.savedCards(), 401, "unauthorized");
    expect((await call("/v1/user/payment-methods", { method: "POST", token: owner.idToken, body: {} })).status).toBe(
      405,
    );
  });
});

describe("notification preferences", () => {
  it("defaults (news off), saved per category and channel, honoured when booking emails are sent", async () => {
    const user = await world.bookingUser(acme);
    const got = await v1.notificationPreferences({ token: user.idToken });
    expect(got.body.data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(got.body.data.news).toEqual({ email: false, sms: false });

    const choice = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    choice.booking.email = false;
    choice.news.email = true;
    const saved = await v1.setNotificationPreferences({ token: user.idToken, body: choice });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(choice);
    expect((await v1.notificationPreferences({ token: user.idToken })).body.data).toEqual(choice);

    // Booking emails off: the confirmation is in the account's list, but no email goes out.
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 5 });
    const placed = await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id));
    await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl));
    expect((await outboxFor(user.email)).filter((m) => m.kind === "booking_confirmed")).toEqual([]);
    const inbox = await v1.notifications({ token: user.idToken });
    expect(inbox.body.data.items.map((item: { kind: string }) => item.kind)).toContain("booking_confirmed");

    // On again: the cancellation email is sent.
    await v1.setNotificationPreferences({ token: user.idToken, body: DEFAULT_NOTIFICATION_PREFERENCES });
    await v1.cancelBooking({ params: { id: placed.body.data.booking.id }, token: user.idToken });
    expect((await outboxFor(user.email)).map((m) => m.kind)).toContain("booking_cancelled");
  });

  it("refuses incomplete or odd bodies (400 with fields) and needs a user; each user sees only their own", async () => {
    const user = await syncedUser();
    const other = await syncedUser();
    const partial = { booking: { email: true, sms: false } };
    const res = await v1.setNotificationPreferences({ token: user.idToken, body: partial });
    expect(expectEnvelope(res, 400, "validation_error").fields).toHaveProperty("news");
    const wrongType = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES) as Record<string, Record<string, unknown>>;
    wrongType.tips.sms = "yes";
    expectEnvelope(
      await v1.setNotificationPreferences({ token: user.idToken, body: wrongType }),
      400,
      "validation_error",
    );
    const choice = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    choice.tips.email = false;
    await v1.setNotificationPreferences({ token: user.idToken, body: choice });
    expect((await v1.notificationPreferences({ token: other.idToken })).body.data).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    expectEnvelope(await v1.notificationPreferences(), 401, "unauthorized");
  });
});
