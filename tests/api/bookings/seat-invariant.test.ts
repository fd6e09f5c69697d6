import "../../support/env";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expireHolds } from "~api/bookings/hold-expiry";
import { runWaitlist } from "~api/waitlist/service";
import {
  bookingBody,
  bookingUser,
  bookingWorld,
  confirmedBooking,
  createSlot,
  expireHoldNow,
  pay,
  placeBooking,
  sessionIdOf,
} from "../../support/booking";
import { type TestUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";
import { seatDrift } from "../../support/seats";
import { v1 } from "../../support/client";

/**
 * Issue 40, item 6: a departure's seats taken always equal what takes them — its held and
 * confirmed bookings, its open waitlist offers, date changes to it waiting for their payment —
 * through every way seats are taken and given back.
 */
const { db, acme } = bookingWorld();

const cancel = (user: TestUser, bookingId: string) =>
  v1.cancelBooking({ params: { id: bookingId }, token: user.idToken });

describe("seats taken equal the bookings, offers and pending changes that take them", () => {
  it("through holds, payments, expiries, cancellations, refunds, date changes, waitlist offers and a cancelled departure", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const [a, b] = [await createSlot(db(), acme.serviceId, { capacity: 6 }), await createSlot(db(), acme.serviceId)];
    const both = [a.id, b.id];
    const expectBalanced = async (step: string) => expect(await seatDrift(db(), both), step).toEqual([]);

    // A hold, then its payment.
    const payer = await bookingUser(acme);
    const held = await placeBooking(payer.idToken, bookingBody(acme, a.id, 2));
    expect(held.status).toBe(201);
    await expectBalanced("held");
    expect((await pay(sessionIdOf(held.body.data.checkoutUrl))).status).toBe(200);
    await expectBalanced("paid");

    // A hold that runs out and is swept.
    const lapsing = await bookingUser(acme);
    const lapsed = await placeBooking(lapsing.idToken, bookingBody(acme, a.id, 1));
    await expireHoldNow(db(), lapsed.body.data.booking.id);
    await expectBalanced("run out, not swept");
    expect((await expireHolds(db(), { slotId: a.id })).expired).toBe(1);
    await expectBalanced("swept");

    // The traveller cancels; the operator refunds, then refunds and frees the seats.
    const canceller = await bookingUser(acme);
    const cancelled = await confirmedBooking(canceller, acme, a.id, 1);
    expect((await cancel(canceller, cancelled.id)).status).toBe(200);
    await expectBalanced("cancelled by the traveller");
    const refunded = await confirmedBooking(await bookingUser(acme), acme, a.id, 1);
    const refund = (releaseSeats: boolean, alreadyRefundedMinor: number) =>
      v1.operatorRefundBooking({
        params: { bookingId: refunded.id },
        ...asMember(manager.idToken, {
          body: {
            amountMinor: 100,
            alreadyRefundedMinor,
            reason: "Late start",
            releaseSeats,
            idempotencyKey: randomUUID(),
          },
        }),
      });
    expect((await refund(false, 0)).status).toBe(201);
    await expectBalanced("refunded in part");
    expect((await refund(true, 100)).status).toBe(201);
    await expectBalanced("refunded, seats released");

    // A date change from a to b.
    const mover = await bookingUser(acme);
    const moving = await confirmedBooking(mover, acme, a.id, 1);
    const moved = await v1.rescheduleBooking({
      params: { id: moving.id },
      token: mover.idToken,
      body: { slotId: b.id },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(moved.status).toBe(200);
    await expectBalanced("moved to another departure");

    // Sold out, a waitlist, a cancellation: the freed seat is held for the one waiting.
    const fillers = [await bookingUser(acme), await bookingUser(acme)];
    const filling = [
      await confirmedBooking(fillers[0], acme, a.id, 2),
      await confirmedBooking(fillers[1], acme, a.id, 2),
    ];
    const waiting = await bookingUser(acme);
    const joined = await v1.joinWaitlist({
      token: waiting.idToken,
      body: { serviceId: acme.serviceId, slotId: a.id, seats: 2 },
    });
    expect(joined.status).toBe(201);
    expect((await cancel(fillers[1], filling[1].id)).status).toBe(200);
    expect((await runWaitlist(db())).offered).toBe(1);
    await expectBalanced("offered to the waitlist");

    // The operator cancels departure b: its bookings cancelled and refunded, its seats given back.
    const cancelledDeparture = await v1.operatorCancelDeparture({
      params: { departureId: b.id },
      ...asMember(manager.idToken),
    });
    expect(cancelledDeparture.status).toBe(200);
    await expectBalanced("departure cancelled");
  });
});
