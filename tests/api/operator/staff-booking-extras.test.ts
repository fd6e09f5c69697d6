import "../../support/env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { experiences, services, slots } from "~api/db/schema";
import { SERVICE_FEE_BPS } from "~contract/bookings/pricing";
import type { StaffBookingInput } from "~contract/operator/staff-bookings";
import { expectEnvelope, expectRefusedOn } from "../../support/api";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";
import { asMember, auditEntries, teamOf } from "../../support/operator";
import * as booking from "../../support/booking";

/**
 * The desk's staff bookings with issue 46's checkout fields (pickupPointId, private, addOns): the
 * traveller's rules and refusals, through the same functions; operatorBookable tells the form.
 */
const { db, acme } = booking.bookingWorld();
checkLedgerAfterEach(db);
let team: Awaited<ReturnType<typeof teamOf>>;
let harbor: booking.TestService;
beforeAll(async () => {
  team = await teamOf(db());
  harbor = await booking.findService(db(), "harbor");
  await db().update(services).set({ capacity: 12 }).where(eq(services.id, acme.serviceId));
});
afterAll(async () => {
  await db().update(experiences).set({ pickupRequired: false }).where(eq(experiences.id, acme.experienceId));
});

const WETSUIT = { name: "Wetsuit", priceMinor: 800, per: "guest", stockPerDeparture: 2 };
const BOTTLE = { name: "Bottle of wine", priceMinor: 2500, per: "booking", maxPerBooking: 2 };
const HOTEL = { name: "Hotel Avenida", address: "Av. da Liberdade 1", minutesBefore: 30 };

async function withAddOns(): Promise<Record<"wetsuit" | "bottle", string>> {
  const set = await v1.operatorSetAddOns({
    params: { experienceId: acme.experienceId },
    ...asMember(team.manager.idToken, { body: { addOns: [WETSUIT, BOTTLE] } }),
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const [wetsuit, bottle] = set.body.data.addOns.map((addOn: { id: string }) => addOn.id);
  return { wetsuit, bottle };
}

async function withPickup(required: boolean, experienceId = acme.experienceId, account = "acme"): Promise<string> {
  const manager = account === "acme" ? team.manager : (await teamOf(db(), account)).manager;
  const set = await v1.operatorSetPickupPoints({
    params: { experienceId },
    ...asMember(manager.idToken, { body: { required, points: [HOTEL] }, account }),
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return set.body.data.points[0].id;
}

const setSale = (sale: "none" | "both" | "only") =>
  v1.operatorSetPrivateSale({
    params: { serviceId: acme.serviceId },
    ...asMember(team.owner.idToken, {
      body: sale === "none" ? { sale } : { sale, price: "900.00", maxGuests: 8 },
    }),
  });

function staffBody(slotId: string, extra: Partial<StaffBookingInput> = {}): StaffBookingInput {
  return {
    slotId,
    tickets: [{ ticketTypeId: acme.adult.id, quantity: 2 }],
    guest: { name: "Ana Lima", email: `guest-${randomUUID().slice(0, 8)}@example.com` },
    payment: "cash",
    ...extra,
  };
}

const book = (body: unknown, token = team.manager.idToken, account = "acme", key = randomUUID()) =>
  v1.operatorCreateBooking({ ...asMember(token, { account, body, headers: { "Idempotency-Key": key } }) });

const withFee = (minor: number) => minor + Math.round((minor * SERVICE_FEE_BPS) / 10_000);

const newSlot = () => booking.createSlot(db(), acme.serviceId, { capacity: 10 });

describe("operatorCreateBooking: pickup points", () => {
  it("a required pickup: 400 pickup_required without one; kept on the booking with one; audited", async () => {
    const hotel = await withPickup(true);
    const slot = await newSlot();
    expectEnvelope(await book(staffBody(slot.id)), 400, "pickup_required");
    expect(await booking.seatsTaken(db(), slot.id)).toBe(0);

    const placed = await book(staffBody(slot.id, { pickupPointId: hotel }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const row = await booking.bookingRow(db(), placed.body.data.booking.id);
    expect(row.pickup).toMatchObject({ pickupPointId: hotel, name: HOTEL.name, minutesBefore: 30 });
    const page = await v1.operatorGetBooking({
      params: { bookingId: placed.body.data.booking.id },
      ...asMember(team.manager.idToken),
    });
    expect(JSON.stringify(page.body.data)).toContain(HOTEL.name);
    const audits = await auditEntries(db(), "booking.created_by_staff", team.manager.uid);
    expect(audits.find((entry) => (entry.target as Record<string, string>).bookingId === row.id)?.target).toMatchObject(
      { pickupPointId: hotel },
    );
  });

  it("another operator's pickup point (or a made-up id) is 400 on pickupPointId, nothing taken", async () => {
    await withPickup(false);
    const theirs = await withPickup(false, harbor.experienceId, "harbor");
    const slot = await newSlot();
    for (const pickupPointId of [theirs, "pp_madeup"]) {
      expectRefusedOn(await book(staffBody(slot.id, { pickupPointId })), "pickupPointId");
    }
    expect(await booking.seatsTaken(db(), slot.id)).toBe(0);
    // Optional: none chosen books.
    expect((await book(staffBody(slot.id))).status).toBe(201);
  });
});

describe("operatorCreateBooking: private departures", () => {
  it("a service sold both ways: private at the group price closes the departure; one with a seat sold is 409", async () => {
    expect((await setSale("both")).status).toBe(200);
    const slot = await newSlot();
    const placed = await book(staffBody(slot.id, { private: true }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.booking.money.totalMinor).toBe(withFee(90_000));
    const row = await booking.bookingRow(db(), placed.body.data.booking.id);
    expect(row.privatePriceMinor).toBe(90_000);
    const [closed] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect(closed.privateBookingId).toBe(row.id);
    // Closed for everyone else, the desk too.
    expectEnvelope(await book(staffBody(slot.id)), 409, "sold_out");

    const sold = await newSlot();
    expect((await book(staffBody(sold.id, { tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] }))).status).toBe(
      201,
    );
    expectEnvelope(await book(staffBody(sold.id, { private: true })), 409, "private_unavailable");
    expect(await booking.seatsTaken(db(), sold.id)).toBe(1);
    // More guests than the group takes: 400 as the traveller's.
    const big = await newSlot();
    expectEnvelope(
      await book(staffBody(big.id, { private: true, tickets: [{ ticketTypeId: acme.adult.id, quantity: 9 }] })),
      400,
      "validation_error",
    );
  });

  it("a service sold only private is booked private at the desk (as before); one never sold private refuses private", async () => {
    expect((await setSale("only")).status).toBe(200);
    const slot = await newSlot();
    const placed = await book(staffBody(slot.id));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await booking.bookingRow(db(), placed.body.data.booking.id)).privatePriceMinor).toBe(90_000);

    expect((await setSale("none")).status).toBe(200);
    const other = await newSlot();
    expectRefusedOn(await book(staffBody(other.id, { private: true })), "private");
    expectEnvelope(await book({ ...staffBody(other.id), private: "yes" }), 400, "validation_error");
  });
});

describe("operatorCreateBooking: add-ons", () => {
  it("priced with the tickets, kept on the booking, stock taken; sold out 409 with no seat taken; over the maximum 400", async () => {
    const ids = await withAddOns();
    const slot = await newSlot();
    const placed = await book(
      staffBody(slot.id, {
        addOns: [
          { addOnId: ids.wetsuit, quantity: 2 },
          { addOnId: ids.bottle, quantity: 1 },
        ],
      }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const row = await booking.bookingRow(db(), placed.body.data.booking.id);
    expect(row.addOns).toMatchObject([
      { addOnId: ids.wetsuit, quantity: 2, unitPriceMinor: 800 },
      { addOnId: ids.bottle, quantity: 1, unitPriceMinor: 2500 },
    ]);
    // Two adults and the add-ons (two wetsuits, a bottle), the service fee on top, as the traveller's.
    expect(row.subtotalMinor).toBe(2 * acme.adult.priceMinor + 2 * 800 + 2500);
    expect(row.totalMinor).toBe(withFee(row.subtotalMinor));

    const taken = await booking.seatsTaken(db(), slot.id);
    const soldOut = await book(staffBody(slot.id, { addOns: [{ addOnId: ids.wetsuit, quantity: 1 }] }));
    expectEnvelope(soldOut, 409, "add_on_sold_out");
    expect(soldOut.body.error.message).toContain("Wetsuit");
    expect(await booking.seatsTaken(db(), slot.id)).toBe(taken);

    expectRefusedOn(
      await book(staffBody(slot.id, { addOns: [{ addOnId: ids.bottle, quantity: 3 }] })),
      "addOns.0.quantity",
    );

    // Another operator's add-on is not one of this experience's.
    const theirs = await v1.operatorSetAddOns({
      params: { experienceId: harbor.experienceId },
      ...asMember((await teamOf(db(), "harbor")).manager.idToken, { body: { addOns: [WETSUIT] }, account: "harbor" }),
    });
    expectRefusedOn(
      await book(staffBody(slot.id, { addOns: [{ addOnId: theirs.body.data.addOns[0].id, quantity: 1 }] })),
      "addOns.0.addOnId",
    );
  });

  it("the same Idempotency-Key with other add-ons or another pickup is 409 idempotency_key_reused", async () => {
    const ids = await withAddOns();
    const hotel = await withPickup(false);
    const slot = await newSlot();
    const key = randomUUID();
    const body = staffBody(slot.id, { addOns: [{ addOnId: ids.bottle, quantity: 1 }], pickupPointId: hotel });
    expect((await book(body, team.manager.idToken, "acme", key)).status).toBe(201);
    expect((await book(body, team.manager.idToken, "acme", key)).status).toBe(200);
    expectEnvelope(
      await book({ ...body, addOns: [] }, team.manager.idToken, "acme", key),
      409,
      "idempotency_key_reused",
    );
    expectEnvelope(
      await book({ ...body, pickupPointId: undefined }, team.manager.idToken, "acme", key),
      409,
      "idempotency_key_reused",
    );
  });
});

describe("operatorBookable: what the form offers", () => {
  it("pickup points (required), services sold private with the group price and add-ons; prices null for a guide", async () => {
    const ids = await withAddOns();
    const hotel = await withPickup(true);
    expect((await setSale("both")).status).toBe(200);
    await newSlot();
    const read = (token: string | undefined) =>
      v1.operatorBookable({ query: { experienceId: acme.experienceId }, ...asMember(token) });
    const answer = await read(team.manager.idToken);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.pickupPoints).toMatchObject({
      required: true,
      points: [{ id: hotel, name: HOTEL.name, minutesBefore: 30 }],
    });
    expect(answer.body.data.privateSales).toEqual([
      { serviceId: acme.serviceId, only: false, priceMinor: 90_000, maxGuests: 8 },
    ]);
    expect(answer.body.data.addOns).toMatchObject([
      { id: ids.wetsuit, priceMinor: 800, per: "guest", stockPerDeparture: 2 },
      { id: ids.bottle, priceMinor: 2500, maxPerBooking: 2 },
    ]);

    // Nothing chosen: nothing of an experience.
    const bare = await v1.operatorBookable({ query: {}, ...asMember(team.manager.idToken) });
    expect(bare.body.data).toMatchObject({
      privateSales: [],
      pickupPoints: { required: false, points: [] },
      addOns: [],
    });

    // A guide (when guides may book, on their departures) sees no prices.
    await booking.slotInDays(db(), acme.serviceId, 6, { guideUserId: team.guide.uid, idPrefix: "t-extras" });
    await v1.operatorUpdateBookingSettings({ ...asMember(team.owner.idToken, { body: { guidesMayBook: true } }) });
    const guide = await read(team.guide.idToken);
    expect(guide.status, JSON.stringify(guide.body)).toBe(200);
    expect(guide.body.data.addOns.map((addOn: { priceMinor: number | null }) => addOn.priceMinor)).toEqual([
      null,
      null,
    ]);
    expect(guide.body.data.privateSales).toEqual([
      { serviceId: acme.serviceId, only: false, priceMinor: null, maxGuests: 8 },
    ]);
    await v1.operatorUpdateBookingSettings({ ...asMember(team.owner.idToken, { body: { guidesMayBook: false } }) });
  });
});
