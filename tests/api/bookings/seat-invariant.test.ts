import "../../support/env";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expireHolds } from "~api/bookings/hold-expiry";
import { runWaitlist } from "~api/waitlist/service";
import * as world from "../../support/booking";
import { type TestUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";
import { seatDrift } from "../../support/seats";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

/**
 * Issue 40, item 6: a departure's seats taken always equal what takes them — its held and
 * confirmed bookings, its open waitlist offers, date changes to it waiting for their payment —
 * through every way seats are taken and given back.
 */
const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

const cancel = (user: TestUser, bookingId: string) =>
  v1.cancelBooking({ params: { id: bookingId }, token: user.idToken });

describe("seats taken equal the bookings, offers and pending changes that take them", () => {
  it("through holds, payments, expiries, cancellations, refunds, date changes, waitlist offers and a cancelled departure", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const [a, b] = [
      await world.createSlot(db(), acme.serviceId, { capacity: 6 }),
      await world.createSlot(db(), acme.serviceId),
    ];
    const both = [a.id, b.id];
    const expectBalanced = async (step: string) => expect(await seatDrift(db(), both), step).toEqual([]);

    // A hold, then its payment.
    const payer = await world.bookingUser(acme);
    const held = await world.placeBooking(payer.idToken, world.bookingBody(acme, a.id, 2));
    expect(held.status).toBe(201);
    await expectBalanced("held");
    expect((await world.pay(world.sessionIdOf(held.body.data.checkoutUrl))).status).toBe(200);
    await expectBalanced("paid");

    // A hold that runs out and is swept.
    const lapsing = await world.bookingUser(acme);
    const lapsed = await world.placeBooking(lapsing.idToken, world.bookingBody(acme, a.id, 1));
    await world.expireHoldNow(db(), lapsed.body.data.booking.id);
    await expectBalanced("run out, not swept");
    expect((await expireHolds(db(), { slotId: a.id })).expired).toBe(1);
    await expectBalanced("swept");

    // The traveller cancels; the operator refunds, then refunds and frees the seats.
    const canceller = await world.bookingUser(acme);
    const cancelled = await world.confirmedBooking(canceller, acme, a.id, 1);
    expect((await cancel(canceller, cancelled.id)).status).toBe(200);
    await expectBalanced("cancelled by the traveller");
    const refunded = await world.confirmedBooking(await world.bookingUser(acme), acme, a.id, 1);
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
    const mover = await world.bookingUser(acme);
    const moving = await world.confirmedBooking(mover, acme, a.id, 1);
    const moved = await v1.rescheduleBooking({
      params: { id: moving.id },
      token: mover.idToken,
      body: { slotId: b.id },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(moved.status).toBe(200);
    await expectBalanced("moved to another departure");

    // Sold out, a waitlist, a cancellation: the freed seat is held for the one waiting.
    const fillers = [await world.bookingUser(acme), await world.bookingUser(acme)];
    const filling = [
      await world.confirmedBooking(fillers[0], acme, a.id, 2),
      await world.confirmedBooking(fillers[1], acme, a.id, 2),
    ];
    const waiting = await world.bookingUser(acme);
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
