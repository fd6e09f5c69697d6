import "../../support/env";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { services, slots, waitlistEntries, waitlistOffers } from "~api/db/schema";
import { expectEnvelope } from "../../support/api";
import * as world from "../../support/booking";
import { outboxOfKind, syncedUser, type TestUser } from "../../support/identity";
import { syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";

const { db, acme } = world.bookingWorld();

const OFFER_HOURS = 12; // WAITLIST_OFFER_HOURS' default

const move = async (minutes: number) => {
  const moved = await v1.moveDevClock({ body: { advanceMinutes: minutes } });
  expect(moved.status).toBe(200);
  return moved.body.data.ran as { waitlistOffers: number; waitlistExpired: number };
};
const join = (user: TestUser, slotId: string, seats: number, service: world.TestService = acme, account?: string) =>
  v1.joinWaitlist({
    token: user.idToken,
    body: { serviceId: service.serviceId, slotId, seats },
    ...(account ? { account } : {}),
  });
const leave = (user: TestUser, entryId: string) => v1.leaveWaitlist({ params: { entryId }, token: user.idToken });
const offers = (to: string) => outboxOfKind(to, "waitlist_offer");
const statusOf = async (entryId: string) =>
  (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)))[0].status;
const publicSeats = async (slotId: string) => {
  const quote = await v1.quote({
    body: { serviceId: acme.serviceId, slotId, tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] },
  });
  expect(quote.status).toBe(200);
  return quote.body.data.seatsLeft as number;
};
const offerToken = (link: string) => new URL(link).searchParams.get("offer")!;
/** `user` books `seats` of acme's departure with a waitlist offer's token. */
const bookWithOffer = (user: TestUser, slotId: string, seats: number, waitlistOffer: string) =>
  world.placeBooking(user.idToken, world.bookingBody(acme, slotId, seats, { waitlistOffer } as never));

/** A departure of `capacity` seats sold out by a 2-seat booking of `canceller` (and the rest taken). */
async function soldOut(capacity = 6, startsInHours = 240) {
  const slot = await world.createSlot(db(), acme.serviceId, { capacity, seatsLeft: 2, startsInHours });
  const canceller = await world.bookingUser(acme);
  const booking = await world.confirmedBooking(canceller, acme, slot.id, 2);
  return { slot, canceller, booking };
}

describe("the waitlist of a sold-out departure", () => {
  it("is joined by signed-in travellers only, for a sold-out departure on sale, once each", async () => {
    const { slot } = await soldOut();
    const [traveller, other] = await Promise.all([world.bookingUser(acme), world.bookingUser(acme)]);
    expectEnvelope(
      await v1.joinWaitlist({ body: { serviceId: acme.serviceId, slotId: slot.id, seats: 1 } }),
      401,
      "unauthorized",
    );
    expectEnvelope(await join(traveller, slot.id, 0), 400, "validation_error");
    expectEnvelope(await join(traveller, slot.id, 21), 400, "validation_error");
    expect(
      (
        await v1.joinWaitlist({
          token: traveller.idToken,
          body: { serviceId: acme.serviceId, slotId: slot.id, seats: 1, extra: true },
        })
      ).status,
    ).toBe(400);
    expectEnvelope(await join(traveller, "no-such-slot", 1), 404, "slot_not_found");
    // On another operator's storefront, this operator's service is not found.
    expectEnvelope(await join(traveller, slot.id, 1, acme, "harbor"), 404, "not_found");
    // Seats left for the party: book them instead.
    const open = await world.createSlot(db(), acme.serviceId, { capacity: 5 });
    expectEnvelope(await join(traveller, open.id, 2), 409, "seats_available");

    const joined = await join(traveller, slot.id, 2);
    expect(joined.status).toBe(201);
    expect(joined.body.data).toMatchObject({ status: "waiting", seats: 2, slotId: slot.id, placeInLine: 1 });
    expectEnvelope(await join(traveller, slot.id, 1), 409, "already_on_waitlist");
    // Another traveller cannot leave it (404), nor see it.
    expectEnvelope(await leave(other, joined.body.data.id), 404, "waitlist_entry_not_found");
    const theirs = await v1.myWaitlist({ token: other.idToken });
    expect(theirs.body.data).toEqual([]);
    // Leaving is one click, and again answers the same.
    const left = await leave(traveller, joined.body.data.id);
    expect(left.status).toBe(200);
    expect(left.body.data.status).toBe("left");
    expect((await leave(traveller, joined.body.data.id)).body.data.status).toBe("left");
    // Joining again (issue 39, item 4): the same entry back in line, behind whoever joined meanwhile.
    expect((await join(other, slot.id, 1)).status).toBe(201);
    const again = await join(traveller, slot.id, 3);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id: joined.body.data.id, status: "waiting", seats: 3, placeInLine: 2 });
    expectEnvelope(await join(traveller, slot.id, 2), 409, "already_on_waitlist");
    const mine = await v1.myWaitlist({ token: traveller.idToken });
    expect(mine.body.data.map((entry: { id: string }) => entry.id)).toEqual([joined.body.data.id]);
  });

  it("parties of 3, 2, 1: a 2-seat cancellation is offered to the second only; expiry passes it on; the offer books", async () => {
    const { slot, booking, canceller } = await soldOut();
    const [first, second, third, stranger] = await Promise.all([
      world.bookingUser(acme),
      world.bookingUser(acme),
      world.bookingUser(acme),
      world.bookingUser(acme),
    ]);
    const entries: string[] = [];
    for (const [user, seats] of [
      [first, 3],
      [second, 2],
      [third, 1],
    ] as const) {
      const joined = await join(user, slot.id, seats);
      expect(joined.status).toBe(201);
      entries.push(joined.body.data.id);
    }
    const [firstEntry, secondEntry, thirdEntry] = entries;
    expect((await v1.myWaitlist({ token: third.idToken })).body.data[0].placeInLine).toBe(3);

    // Two seats freed: held for the second (the first's party does not fit), not the third nor the public.
    const cancelled = await v1.cancelBooking({ params: { id: booking.id }, token: canceller.idToken });
    expect(cancelled.status).toBe(200);
    expect(await publicSeats(slot.id)).toBe(0);
    expectEnvelope(await world.placeBooking(stranger.idToken, world.bookingBody(acme, slot.id, 1)), 409, "sold_out");
    const ran = await move(1);
    expect(ran.waitlistOffers).toBe(1);
    expect([await statusOf(firstEntry), await statusOf(secondEntry), await statusOf(thirdEntry)]).toEqual([
      "waiting",
      "offered",
      "waiting",
    ]);
    expect(await world.seatsTaken(db(), slot.id)).toBe(6); // the offer holds the seats
    expect(await offers(first.email)).toHaveLength(0);
    expect(await offers(third.email)).toHaveLength(0);
    const [mail] = await offers(second.email);
    expect(mail.subject).toBe(`Seats for you: ${acme.experienceTitle}`);
    expect(mail.meta.link).toMatch(new RegExp(`/experiences/${acme.experienceId}/${acme.serviceId}/confirm\\?`));
    expect(mail.meta.leaveLink).toMatch(/\/account\/waitlist$/);
    // The token is stored hashed only.
    const stored = await db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, secondEntry));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(offerToken(mail.meta.link));
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The public still sees none; the next run makes no second offer of the same seats.
    expect(await publicSeats(slot.id)).toBe(0);
    expect((await move(1)).waitlistOffers).toBe(0);
    // Only the offer's traveller may use it.
    expectEnvelope(
      await bookWithOffer(stranger, slot.id, 2, offerToken(mail.meta.link)),
      409,
      "waitlist_offer_invalid",
    );

    // Unanswered: it expires through the clock and passes on (the first still does not fit, the third does).
    const later = await move(OFFER_HOURS * 60);
    expect(later.waitlistExpired).toBe(1);
    expect(later.waitlistOffers).toBe(1);
    expect([await statusOf(firstEntry), await statusOf(secondEntry), await statusOf(thirdEntry)]).toEqual([
      "waiting",
      "expired",
      "offered",
    ]);
    expectEnvelope(await bookWithOffer(second, slot.id, 2, offerToken(mail.meta.link)), 409, "waitlist_offer_invalid");
    // The third follows the link: the quote counts the offer's seat, the booking takes it.
    const [thirdMail] = await offers(third.email);
    const token = offerToken(thirdMail.meta.link);
    const quote = await v1.quote({
      token: third.idToken,
      body: {
        serviceId: acme.serviceId,
        slotId: slot.id,
        tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }],
        waitlistOffer: token,
      },
    });
    expect(quote.body.data.seatsLeft).toBe(1);
    const taken = await world.seatsTaken(db(), slot.id);
    const placed = await bookWithOffer(third, slot.id, 1, token);
    expect(placed.status).toBe(201);
    expect(await world.seatsTaken(db(), slot.id)).toBe(taken); // the offer's seat, not a new one
    expect((await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl))).body.data.status).toBe("paid");
    expect((await world.bookingRow(db(), placed.body.data.booking.id)).status).toBe("confirmed");
    expect(await statusOf(thirdEntry)).toBe("booked");
    // Single use.
    expectEnvelope(await bookWithOffer(third, slot.id, 1, token), 409, "waitlist_offer_invalid");
    // One seat is free, the first's party of 3 waits: still none for the public.
    expect(await publicSeats(slot.id)).toBe(0);
    // The first leaves: nobody waits, the seat is the public's again.
    expect((await leave(first, firstEntry)).body.data.status).toBe("left");
    expect(await publicSeats(slot.id)).toBe(1);
  });

  it("declining an offer passes it on at once; a capacity raise is offered; never past the cut-off nor after the start", async () => {
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0, startsInHours: 30 });
    const [first, second] = await Promise.all([world.bookingUser(acme), world.bookingUser(acme)]);
    const a = (await join(first, slot.id, 1)).body.data.id as string;
    const b = (await join(second, slot.id, 1)).body.data.id as string;
    // The operator raises the capacity by one.
    await db().update(slots).set({ capacity: 3 }).where(eq(slots.id, slot.id));
    expect((await move(1)).waitlistOffers).toBe(1);
    expect(await statusOf(a)).toBe("offered");
    const [offer] = await db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, a));
    const [service] = await db().select().from(services).where(eq(services.id, acme.serviceId));
    const [row] = await db().select().from(slots).where(eq(slots.id, slot.id));
    const cutoff = row.startsAt.getTime() - service.salesCutoffMinutes * 60_000;
    expect(offer.expiresAt.getTime()).toBeLessThanOrEqual(cutoff);
    // Declined (leaving with an offer): the seat is offered to the next at the next run.
    const declined = await leave(first, a);
    expect(declined.body.data.status).toBe("declined");
    expect(await world.seatsTaken(db(), slot.id)).toBe(2);
    expect((await move(1)).waitlistOffers).toBe(1);
    expect(await statusOf(b)).toBe("offered");
    expect(await statusOf(a)).toBe("declined"); // never a second offer

    // Another departure: seats free up once it has started: no offer, the line is closed.
    const started = await world.createSlot(db(), acme.serviceId, { capacity: 1, seatsLeft: 0 });
    const waiting = (await join(first, started.id, 1)).body.data.id as string;
    await db()
      .update(slots)
      .set({ capacity: 2, startsAt: sql`app_now() - interval '5 minutes'`, endsAt: sql`app_now() + interval '1 hour'` })
      .where(eq(slots.id, started.id));
    expect((await move(1)).waitlistOffers).toBe(0);
    expect(await statusOf(waiting)).toBe("expired");

    // An open offer on a departure the operator cancels is withdrawn, its seats given back.
    const cancelled = await world.createSlot(db(), acme.serviceId, { capacity: 1, seatsLeft: 0 });
    const offeredEntry = (await join(second, cancelled.id, 1)).body.data.id as string;
    await db().update(slots).set({ capacity: 2 }).where(eq(slots.id, cancelled.id));
    expect((await move(1)).waitlistOffers).toBe(1);
    expect(await world.seatsTaken(db(), cancelled.id)).toBe(2);
    await db()
      .update(slots)
      .set({ status: "cancelled", cancelledAt: sql`app_now()` })
      .where(eq(slots.id, cancelled.id));
    expect((await move(1)).waitlistExpired).toBe(1);
    expect(await statusOf(offeredEntry)).toBe("cancelled");
    const [withdrawn] = await db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, offeredEntry));
    expect(withdrawn.status).toBe("withdrawn");
    expect(await world.seatsTaken(db(), cancelled.id)).toBe(1);
  });

  it("operatorDepartureWaitlist: 401 signed out, 404 for a non-member, another operator's storefront or departure, a guide's unassigned one; the line in order for every member", async () => {
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 1, seatsLeft: 0 });
    const [a, b] = await Promise.all([world.bookingUser(acme), world.bookingUser(acme)]);
    expect((await join(a, slot.id, 1)).status).toBe(201);
    expect((await join(b, slot.id, 1)).status).toBe(201);
    const params = { departureId: slot.id };
    expectEnvelope(await v1.operatorDepartureWaitlist({ params, account: "acme" }), 401, "unauthorized");
    const stranger = await syncedUser();
    expectEnvelope(
      await v1.operatorDepartureWaitlist({ params, token: stranger.idToken, account: "acme" }),
      404,
      "not_found",
    );
    const guide = await syncedMember(db(), "acme", "guide");
    expectEnvelope(
      await v1.operatorDepartureWaitlist({ params, token: guide.idToken, account: "harbor" }),
      404,
      "not_found",
    );
    const harborOwner = await syncedMember(db(), "harbor", "owner");
    expectEnvelope(
      await v1.operatorDepartureWaitlist({ params, token: harborOwner.idToken, account: "harbor" }),
      404,
      "departure_not_found",
    );
    expectEnvelope(
      await v1.operatorDepartureWaitlist({ params: { departureId: "bad id!" }, token: guide.idToken, account: "acme" }),
      400,
      "validation_error",
    );
    // Not the guide's departure (no one's yet): as unknown; once assigned to them, theirs to see.
    expectEnvelope(
      await v1.operatorDepartureWaitlist({ params, token: guide.idToken, account: "acme" }),
      404,
      "departure_not_found",
    );
    await db().update(slots).set({ guideUserId: guide.uid }).where(eq(slots.id, slot.id));
    const listed = await v1.operatorDepartureWaitlist({ params, token: guide.idToken, account: "acme" });
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.entries.map((entry: { email: string; status: string }) => [entry.email, entry.status]),
    ).toEqual([
      [a.email, "waiting"],
      [b.email, "waiting"],
    ]);
  });
});

describe("joinWaitlist's body (issue 39 item 20)", () => {
  it('takes seats as a JSON integer only: true, [3], "0x3", "1e1", "3" and 2.5 are 400, nothing stored', async () => {
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
    const traveller = await world.bookingUser(acme);
    for (const seats of [true, [3], "0x3", "1e1", "3", 2.5, null]) {
      const answer = await v1.joinWaitlist({
        token: traveller.idToken,
        body: { serviceId: acme.serviceId, slotId: slot.id, seats },
      });
      expectEnvelope(answer, 400, "validation_error");
      expect(answer.body.error.fields).toHaveProperty("seats");
    }
    const stored = await db().select().from(waitlistEntries).where(eq(waitlistEntries.slotId, slot.id));
    expect(stored).toEqual([]);
    expect((await join(traveller, slot.id, 3)).status).toBe(201);
  });
});
