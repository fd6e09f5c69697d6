import "../../support/env";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "~api/db/schema";
import { expectEnvelope } from "../../support/api";
import * as world from "../../support/booking";
import { outboxFor } from "../../support/identity";
import { v1 } from "../../support/client";

const { db, acme: service } = world.bookingWorld();

const quote = (token: string | null, body: Record<string, unknown>) => v1.quote({ body, ...(token ? { token } : {}) });

describe("referrals", () => {
  it("a code per user; the invited guest's first booking is 10 % off once; the inviter is rewarded after the trip", async () => {
    const [ann, bob] = await Promise.all([world.bookingUser(service), world.bookingUser(service)]);
    const mine = await v1.myReferral({ token: ann.idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      code: expect.stringMatching(/^[0-9A-Z]{8}$/),
      invited: 0,
      rewarded: 0,
      credit: [],
    });
    expect(mine.body.data.url).toBe(`http://localhost/referral/${mine.body.data.code}`);
    const code = mine.body.data.code as string;
    expect((await v1.myReferral({ token: ann.idToken })).body.data.code).toBe(code);

    const invite = await v1.referralInvite({ params: { code: code.toLowerCase() } });
    expect(invite.body.data).toEqual({
      firstName: expect.any(String),
      offer: { percentOff: 10, maxDiscountMinor: 2000 },
      own: false,
    });
    // Asked by the inviter: their own link; by anyone else signed in: not.
    const asInviter = await v1.referralInvite({ params: { code }, token: ann.idToken });
    expect(asInviter.body.data.own).toBe(true);
    expect(asInviter.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await v1.referralInvite({ params: { code }, token: bob.idToken })).body.data.own).toBe(false);
    expectEnvelope(await v1.referralInvite({ params: { code: "NOPE1234" } }), 404, "referral_not_found");

    const slot = await world.createSlot(db(), service.serviceId, { startsInHours: 30, durationMinutes: 60 });
    const order = { ...world.bookingBody(service, slot.id, 2), referralCode: code };
    const quoteFields = {
      serviceId: order.serviceId,
      slotId: order.slotId,
      tickets: order.tickets,
      referralCode: code,
    };
    // Anonymous: shown, not applied; one's own code: refused.
    expect((await quote(null, quoteFields)).body.data.referral).toMatchObject({ applied: false, reason: null });
    expect((await quote(ann.idToken, quoteFields)).body.data.referral).toMatchObject({
      applied: false,
      reason: "referral_own_code",
    });
    const bobQuote = await quote(bob.idToken, quoteFields);
    const { subtotalMinor } = bobQuote.body.data.breakdown;
    const expected = Math.min(Math.round(subtotalMinor / 10), 2000);
    expect(bobQuote.body.data.referral).toMatchObject({ applied: true, reason: null, discountMinor: expected });
    expect(bobQuote.body.data.breakdown.discountMinor).toBe(expected);

    const placed = await world.placeBooking(bob.idToken, order);
    expect(placed.status).toBe(201);
    const booking = await world.bookingRow(db(), placed.body.data.booking.id);
    expect(booking).toMatchObject({ discountMinor: expected, referralCode: code, promoCode: null });
    expect((await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl))).status).toBe(200);
    // Not on the second booking.
    const again = await quote(bob.idToken, quoteFields);
    expect(again.body.data.referral).toMatchObject({ applied: false, reason: "referral_not_first_booking" });
    const second = await world.confirmedBooking(bob, service, slot.id);
    expect((await world.bookingRow(db(), second.id)).discountMinor).toBe(0);
    expect((await v1.myReferral({ token: ann.idToken })).body.data).toMatchObject({
      invited: 1,
      rewarded: 0,
    });

    // The trip takes place: Ann is rewarded once, with a code she can use.
    const ended = await v1.moveDevClock({ body: { now: new Date(slot.endsAt.getTime() + 60_000).toISOString() } });
    expect(ended.body.data.ran).toMatchObject({ completed: 2, referralRewards: 1 });
    expect((await v1.moveDevClock({ body: { advanceMinutes: 5 } })).body.data.ran.referralRewards).toBe(0);
    const after = (await v1.myReferral({ token: ann.idToken })).body.data;
    expect(after).toMatchObject({ invited: 1, rewarded: 1, credit: [expect.stringMatching(/^THANKS-/)] });
    const annId = (await v1.userInfo({ token: ann.idToken })).body.data.id;
    const kinds = (
      await db().select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, annId))
    ).map((row) => row.kind);
    expect(kinds).toContain("referral_rewarded");
    expect((await outboxFor(ann.email)).filter((message) => message.kind === "referral_rewarded")).toHaveLength(1);
    const promo = await v1.promoCode({ params: { code: after.credit[0] }, query: { serviceId: service.serviceId } });
    expect(promo.status).toBe(200);
  });
});
