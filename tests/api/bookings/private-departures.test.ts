import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, services, slots } from "~api/db/schema";
import { SERVICE_FEE_BPS } from "~contract/bookings/pricing";
import { expectEnvelope } from "../../support/api";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";
import type { TestUser } from "../../support/identity";
import { asMember, auditEntries, teamOf } from "../../support/operator";
import * as booking from "../../support/booking";

const { bookingBody, bookingUser, confirmedBooking, createSlot, expireHoldNow, placeBooking } = booking;

/**
 * Private departures (issue 46, item 4): a service sold private takes the whole departure at its
 * group price; the departure then closes for everyone else, and one with a seat sold cannot be
 * booked private.
 */
const { db, acme } = booking.bookingWorld();
checkLedgerAfterEach(db);
let team: Awaited<ReturnType<typeof teamOf>>;
let travellers: TestUser[];
beforeAll(async () => {
  team = await teamOf(db());
  travellers = await Promise.all([bookingUser(acme), bookingUser(acme), bookingUser(acme)]);
  // Room for the private groups below whatever the seed's default capacity is.
  await db().update(services).set({ capacity: 12 }).where(eq(services.id, acme.serviceId));
});

const setSale = (token: string | undefined, body: unknown, serviceId = acme.serviceId, account = "acme") =>
  v1.operatorSetPrivateSale({ params: { serviceId }, ...asMember(token, { body, account }) });

const GROUP = { sale: "both", price: "900.00", maxGuests: 8 };
const fee = (minor: number) => Math.round((minor * SERVICE_FEE_BPS) / 10_000);

/** The departure's seats left, as the storefront's availability says. */
async function seatsLeftOf(slotId: string): Promise<number | undefined> {
  const answer = await v1.availability({ params: { parentId: acme.experienceId, serviceId: acme.serviceId } });
  expect(answer.status).toBe(200);
  const days: Array<{ slots: Array<{ id: string; seatsLeft: number }> }> = answer.body.data.days;
  const found = days.flatMap((day) => day.slots).find((slot) => slot.id === slotId);
  return found?.seatsLeft;
}

const privateBody = (slotId: string, adults: number) => bookingBody(acme, slotId, adults, { private: true });

describe("operatorSetPrivateSale", () => {
  it("a manager sells a service private; refused in words; a guide 403, a stranger 404; audited", async () => {
    const set = await setSale(team.manager.idToken, GROUP);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.privateSale).toEqual({ only: false, priceMinor: 90_000, maxGuests: 8 });

    expectEnvelope(await setSale(team.manager.idToken, { sale: "both", maxGuests: 4 }), 400, "validation_error");
    expectEnvelope(await setSale(team.manager.idToken, { ...GROUP, maxGuests: 13 }), 400, "validation_error");
    expectEnvelope(await setSale(team.manager.idToken, { ...GROUP, price: "9.999" }), 400, "validation_error");
    expectEnvelope(await setSale(team.manager.idToken, { ...GROUP, sale: "always" }), 400, "validation_error");
    expectEnvelope(await setSale(team.manager.idToken, { ...GROUP, extra: 1 }), 400, "validation_error");
    expectEnvelope(await setSale(team.guide.idToken, GROUP), 403, "forbidden");
    expectEnvelope(await setSale(team.stranger.idToken, GROUP), 404, "not_found");
    expectEnvelope(await setSale(undefined, GROUP), 401, "unauthorized");

    const [entry] = await auditEntries(db(), "service.private_sale_set", team.manager.uid);
    expect(JSON.parse(entry.target.after!)).toEqual({ sale: "both", priceMinor: 90_000, maxGuests: 8 });
    expect(JSON.parse(entry.target.before!)).toMatchObject({ sale: "none", priceMinor: null });

    const detail = await v1.service({ params: { parentId: acme.experienceId, serviceId: acme.serviceId } });
    expect(detail.body.data.service.privateSale).toEqual({ only: false, priceMinor: 90_000, maxGuests: 8 });
  });
});

describe("a private booking", () => {
  it("is priced at the group price, takes the whole departure and closes it on every channel until it is given back", async () => {
    expect((await setSale(team.owner.idToken, GROUP)).status).toBe(200);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });

    const quote = await v1.quote({ body: privateBody(slot.id, 3) });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.breakdown).toMatchObject({
      privateMinor: 90_000,
      subtotalMinor: 90_000,
      seats: 3,
      totalMinor: 90_000 + fee(90_000),
    });
    expect(quote.body.data.breakdown.lines).toEqual([expect.objectContaining({ quantity: 3, totalMinor: 0 })]);
    expect(quote.body.data.privateSale).toEqual({ only: false, priceMinor: 90_000, maxGuests: 8, available: true });

    const [family, other, third] = travellers;
    const made = await confirmedBooking(family, acme, slot.id, 3, { extra: { private: true } });
    expect(made.totalMinor).toBe(90_000 + fee(90_000));
    const [row] = await db().select().from(bookings).where(eq(bookings.id, made.id));
    expect(row).toMatchObject({ privatePriceMinor: 90_000, seats: 3, status: "confirmed" });
    expect(row.tickets.every((ticket) => ticket.unitPriceMinor === 0)).toBe(true);
    const read = await v1.booking({ params: { id: made.id }, token: family.idToken });
    expect(read.body.data).toMatchObject({ privatePriceMinor: 90_000, seats: 3 });

    // Closed for everyone else: the storefront, a booking by the seat, another private one.
    expect(await seatsLeftOf(slot.id)).toBe(0);
    expectEnvelope(await placeBooking(other.idToken, bookingBody(acme, slot.id, 1)), 409, "sold_out");
    expectEnvelope(await placeBooking(other.idToken, privateBody(slot.id, 2)), 409, "private_unavailable");

    // Cancelled, the departure opens again for everyone.
    const cancelled = await v1.cancelBooking({ params: { id: made.id }, token: family.idToken });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [open] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect(open).toMatchObject({ seatsTaken: 0, privateBookingId: null });
    expect(await seatsLeftOf(slot.id)).toBe(10);
    expect((await placeBooking(third.idToken, bookingBody(acme, slot.id, 1))).status).toBe(201);
  });

  it("cannot be had of a departure with a seat sold (409), nor for more guests than the sale takes (400)", async () => {
    expect((await setSale(team.owner.idToken, GROUP)).status).toBe(200);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    await confirmedBooking(travellers[0], acme, slot.id, 1);

    const quote = await v1.quote({ body: privateBody(slot.id, 2) });
    expect(quote.body.data.privateSale.available).toBe(false);
    expectEnvelope(await placeBooking(travellers[1].idToken, privateBody(slot.id, 2)), 409, "private_unavailable");

    const empty = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const tooMany = await placeBooking(travellers[1].idToken, privateBody(empty.id, 9));
    expectEnvelope(tooMany, 400, "validation_error");
    expect(tooMany.body.error.fields.tickets[0]).toContain("at most 8 guests");
  });

  it("asked for at once by several guests (and by the seat), one departure goes to one private booking or to seats", async () => {
    expect((await setSale(team.owner.idToken, GROUP)).status).toBe(200);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const guests = await Promise.all(Array.from({ length: 4 }, () => bookingUser(acme)));
    const answers = await Promise.all([
      ...guests.map((guest) => placeBooking(guest.idToken, privateBody(slot.id, 2))),
      placeBooking(travellers[0].idToken, bookingBody(acme, slot.id, 1)),
    ]);
    const made = answers.filter((answer) => answer.status === 201);
    const privately = made.filter((answer) => answer.body.data.booking.privatePriceMinor !== null);
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    // Either one private booking and nothing else, or the seat and no private booking: one booking made.
    expect(made.length, JSON.stringify(answers.map((answer) => answer.status))).toBe(1);
    const [row] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect(row.privateBookingId).toBe(privately[0]?.body.data.booking.id ?? null);
    expect(row.seatsTaken).toBe(privately.length === 1 ? 2 : 1);
  });

  it("an expired private hold gives the departure back", async () => {
    expect((await setSale(team.owner.idToken, GROUP)).status).toBe(200);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const held = await placeBooking(travellers[2].idToken, privateBody(slot.id, 2));
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(await seatsLeftOf(slot.id)).toBe(0);
    await expireHoldNow(db(), held.body.data.booking.id);
    const after = await placeBooking(travellers[0].idToken, bookingBody(acme, slot.id, 2));
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    const [open] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect(open).toMatchObject({ seatsTaken: 2, privateBookingId: null });
  });

  it("a service sold only private takes no booking by the seat; one never sold private takes no private one", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    expect((await setSale(team.owner.idToken, { ...GROUP, sale: "only" })).status).toBe(200);
    expectEnvelope(await placeBooking(travellers[0].idToken, bookingBody(acme, slot.id, 1)), 400, "validation_error");
    expect((await v1.quote({ body: privateBody(slot.id, 1) })).body.data.privateSale.only).toBe(true);

    const none = await setSale(team.owner.idToken, { sale: "none" });
    expect(none.body.data.privateSale).toBeNull();
    expectEnvelope(await placeBooking(travellers[0].idToken, privateBody(slot.id, 1)), 400, "validation_error");
    expectEnvelope(await v1.quote({ body: { ...privateBody(slot.id, 1), private: "yes" } }), 400, "validation_error");
  });
});
