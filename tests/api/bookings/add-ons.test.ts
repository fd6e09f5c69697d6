import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appClock, experienceAddOns, experiences, slotAddOns } from "~api/db/schema";
import { forgetClock } from "~api/clock";
import { SERVICE_FEE_BPS } from "~contract/bookings/pricing";
import { apiText, expectEnvelope, expectRefusedOn } from "../../support/api";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";
import { outboxOfKind, type TestUser } from "../../support/identity";
import { asMember, auditEntries, teamOf } from "../../support/operator";
import * as booking from "../../support/booking";
import { addOnsOnSale } from "../../support/experience-extras";

const { bookingBody, bookingUser, confirmedBooking, createSlot, placeBooking } = booking;

/** Add-ons (issue 46, item 2): set in the console, chosen with the tickets, stock taken with the seats. */
const { db, acme } = booking.bookingWorld();
checkLedgerAfterEach(db);
let team: Awaited<ReturnType<typeof teamOf>>;
let traveller: TestUser;
let other: TestUser;
beforeAll(async () => {
  team = await teamOf(db());
  [traveller, other] = await Promise.all([bookingUser(acme), bookingUser(acme)]);
});
afterAll(async () => {
  await db().delete(appClock).where(eq(appClock.id, 1));
  forgetClock();
});

const setAddOns = (token: string | undefined, body: unknown, experienceId = acme.experienceId, account = "acme") =>
  v1.operatorSetAddOns({ params: { experienceId }, ...asMember(token, { body, account }) });

const WETSUIT = { name: "Wetsuit", priceMinor: 800, per: "guest", stockPerDeparture: 4 };
const BOTTLE = {
  name: "Bottle of wine",
  description: "Ours, to take home.",
  priceMinor: 2500,
  per: "booking",
  maxPerBooking: 2,
};
const MAP = { name: "Signed map", priceMinor: 300, per: "booking", stockTotal: 1 };

/** The three add-ons set (the list replaced), answered by their names. */
async function withAddOns(): Promise<Record<"wetsuit" | "bottle" | "map", string>> {
  const set = await setAddOns(team.manager.idToken, { addOns: [WETSUIT, BOTTLE, MAP] });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const [wetsuit, bottle, map] = set.body.data.addOns.map((addOn: { id: string }) => addOn.id);
  return { wetsuit, bottle, map };
}

const book = (user: TestUser, slotId: string, adults: number, addOns: Array<{ addOnId: string; quantity: number }>) =>
  placeBooking(user.idToken, bookingBody(acme, slotId, adults, { addOns }));

const wetsuitsTaken = async (slotId: string, addOnId: string) =>
  (
    await db()
      .select({ taken: slotAddOns.taken })
      .from(slotAddOns)
      .where(and(eq(slotAddOns.slotId, slotId), eq(slotAddOns.addOnId, addOnId)))
  )[0]?.taken ?? 0;

describe("operatorSetAddOns", () => {
  it("a manager sets and reads the list; a guide 403, a stranger 404, another operator's experience 404; audited", async () => {
    const ids = await withAddOns();
    const read = await v1.operatorGetAddOns({
      params: { experienceId: acme.experienceId },
      ...asMember(team.owner.idToken),
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      currency: acme.currency,
      addOns: [
        { id: ids.wetsuit, name: "Wetsuit", per: "guest", stockPerDeparture: 4, stockTotal: null, maxPerBooking: null },
        { id: ids.bottle, description: "Ours, to take home.", maxPerBooking: 2 },
        { id: ids.map, stockTotal: 1 },
      ],
    });
    expectEnvelope(await setAddOns(team.guide.idToken, { addOns: [] }), 403, "forbidden");
    expectEnvelope(await setAddOns(team.stranger.idToken, { addOns: [] }), 404, "not_found");
    expectEnvelope(await setAddOns(undefined, { addOns: [] }), 401, "unauthorized");
    const harbor = await teamOf(db(), "harbor");
    expectEnvelope(
      await setAddOns(harbor.manager.idToken, { addOns: [] }, acme.experienceId, "harbor"),
      404,
      "experience_not_found",
    );
    const [entry] = await auditEntries(db(), "add_ons.set", team.manager.uid);
    expect(JSON.parse(entry.target.after!)).toHaveLength(3);

    // Kept by id (renamed), the others archived: no longer listed, still in the table.
    const kept = await setAddOns(team.manager.idToken, {
      addOns: [{ ...WETSUIT, id: ids.wetsuit, name: "Wetsuit 5mm" }],
    });
    expect(kept.body.data.addOns).toEqual([expect.objectContaining({ id: ids.wetsuit, name: "Wetsuit 5mm" })]);
    const [archived] = await db().select().from(experienceAddOns).where(eq(experienceAddOns.id, ids.bottle));
    expect(archived.archived).toBe(true);
  });

  it("hostile or inconsistent lists are 400 naming the field; nothing is stored", async () => {
    await withAddOns();
    const bad: Array<[unknown, string]> = [
      [{ addOns: "x" }, "addOns"],
      [{ addOns: [{ ...WETSUIT, per: "seat" }] }, "addOns.0.per"],
      [{ addOns: [{ ...WETSUIT, name: "" }] }, "addOns.0.name"],
      [{ addOns: [{ ...WETSUIT, priceMinor: -1 }] }, "addOns.0.priceMinor"],
      [{ addOns: [{ ...WETSUIT, priceMinor: 1.5 }] }, "addOns.0.priceMinor"],
      [{ addOns: [{ ...WETSUIT, stockTotal: 10 }] }, "addOns.0.stockTotal"],
      [{ addOns: [{ ...WETSUIT, maxPerBooking: 0 }] }, "addOns.0.maxPerBooking"],
      [{ addOns: [{ ...WETSUIT, id: "not_one_of_ours" }] }, "addOns.0.id"],
      [
        {
          addOns: [
            { ...WETSUIT, id: "a" },
            { ...BOTTLE, id: "a" },
          ],
        },
        "addOns.1.id",
      ],
      [{ addOns: [{ ...WETSUIT, extra: 1 }] }, "addOns.0"],
      [{ addOns: Array.from({ length: 21 }, (_, i) => ({ ...BOTTLE, name: `A${i}` })) }, "addOns"],
    ];
    for (const [body, field] of bad) {
      expectRefusedOn(await setAddOns(team.manager.idToken, body), field, JSON.stringify(body));
    }
    expect(await addOnsOnSale(db(), acme.experienceId)).toHaveLength(3);
  });
});

describe("createBooking with addOns", () => {
  it("quoted and charged with the tickets; kept on the booking, GET /v1/bookings/{id} and the manifest", async () => {
    const ids = await withAddOns();
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const addOns = [
      { addOnId: ids.wetsuit, quantity: 2 },
      { addOnId: ids.bottle, quantity: 1 },
    ];
    const quote = await v1.quote({
      body: {
        serviceId: acme.serviceId,
        slotId: slot.id,
        tickets: [{ ticketTypeId: acme.adult.id, quantity: 2 }],
        addOns,
      },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const subtotal = 2 * acme.adult.priceMinor + 2 * 800 + 2500;
    const total = subtotal + Math.round((subtotal * SERVICE_FEE_BPS) / 10_000);
    expect(quote.body.data.breakdown).toMatchObject({
      subtotalMinor: subtotal,
      totalMinor: total,
      addOns: [
        { addOnId: ids.wetsuit, quantity: 2, unitPriceMinor: 800, totalMinor: 1600 },
        { addOnId: ids.bottle, quantity: 1, totalMinor: 2500 },
      ],
    });
    expect(quote.body.data.addOnsOffered).toMatchObject([
      { id: ids.wetsuit, left: 4 },
      { id: ids.bottle, left: null, maxPerBooking: 2 },
      { id: ids.map, left: 1 },
    ]);

    const { id, totalMinor } = await confirmedBooking(traveller, acme, slot.id, 2, { extra: { addOns } });
    expect(totalMinor).toBe(total);
    const view = await v1.booking({ params: { id }, token: traveller.idToken });
    expect(view.body.data).toMatchObject({
      status: "confirmed",
      totalMinor: total,
      addOns: [
        { addOnId: ids.wetsuit, name: "Wetsuit", per: "guest", quantity: 2, unitPriceMinor: 800 },
        { addOnId: ids.bottle, name: "Bottle of wine", per: "booking", quantity: 1, unitPriceMinor: 2500 },
      ],
    });
    expect(await wetsuitsTaken(slot.id, ids.wetsuit)).toBe(2);
    const mails = await outboxOfKind(traveller.email, "booking_confirmed");
    const mail = mails.find((one) => one.textBody.includes(view.body.data.reference));
    expect(mail?.textBody).toContain("Add-ons:\n  2 × Wetsuit ($8.00 each)\n  1 × Bottle of wine ($25.00 each)");

    // The console's booking page: what was bought (its facts, without prices, are what a guide would see).
    const consoleView = await v1.operatorGetBooking({ params: { bookingId: id }, ...asMember(team.manager.idToken) });
    expect(consoleView.status).toBe(200);
    expect(consoleView.body.data.booking.addOns).toEqual([
      { addOnId: ids.wetsuit, name: "Wetsuit", per: "guest", quantity: 2 },
      { addOnId: ids.bottle, name: "Bottle of wine", per: "booking", quantity: 1 },
    ]);

    const [{ timezone }] = await db()
      .select({ timezone: experiences.timezone })
      .from(experiences)
      .where(eq(experiences.id, acme.experienceId));
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(slot.startsAt);
    const day = await v1.operatorManifest({ query: { date }, ...asMember(team.manager.idToken) });
    const entry = day.body.data.departures
      .flatMap((departure: { bookings: Array<{ id: string }> }) => departure.bookings)
      .find((booking: { id: string }) => booking.id === id);
    expect(entry.addOns).toEqual(view.body.data.addOns);
    const csv = await apiText(`/v1/operator/manifest?date=${date}&format=csv`, {
      token: team.manager.idToken,
      account: "acme",
    });
    expect(csv.text.split("\r\n")[0]).toContain(",add_ons");
    expect(csv.text).toContain("Wetsuit x 2; Bottle of wine x 1");
  });

  it("refuses more than the maximum, per-guest add-ons beyond the guests, unknown add-ons (400 on the line)", async () => {
    const ids = await withAddOns();
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const refusals: Array<[Array<{ addOnId: string; quantity: number }>, string]> = [
      [[{ addOnId: ids.bottle, quantity: 3 }], "addOns.0.quantity"],
      [
        [
          { addOnId: ids.map, quantity: 1 },
          { addOnId: ids.wetsuit, quantity: 3 },
        ],
        "addOns.1.quantity",
      ],
      [[{ addOnId: "ao_nope", quantity: 1 }], "addOns.0.addOnId"],
      [
        [
          { addOnId: ids.bottle, quantity: 1 },
          { addOnId: ids.bottle, quantity: 1 },
        ],
        "addOns.1.addOnId",
      ],
      [[{ addOnId: ids.bottle, quantity: -1 }], "addOns.0.quantity"],
    ];
    for (const [addOns, field] of refusals) {
      expectRefusedOn(await book(traveller, slot.id, 2, addOns), field, JSON.stringify(addOns));
    }
    expect(await wetsuitsTaken(slot.id, ids.wetsuit)).toBe(0);
  });

  it("sold out: 409 add_on_sold_out naming it, the seats not taken; an expired hold and a cancellation give theirs back", async () => {
    const ids = await withAddOns();
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const first = await book(traveller, slot.id, 3, [{ addOnId: ids.wetsuit, quantity: 3 }]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const refused = await book(other, slot.id, 2, [{ addOnId: ids.wetsuit, quantity: 2 }]);
    expectEnvelope(refused, 409, "add_on_sold_out");
    expect(refused.body.error.message).toContain("Wetsuit");
    const quote = await v1.quote({
      body: { serviceId: acme.serviceId, slotId: slot.id, tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] },
    });
    expect(quote.body.data.seatsLeft).toBe(7);
    expect(quote.body.data.addOnsOffered[0]).toMatchObject({ id: ids.wetsuit, left: 1 });

    // The traveller's hold runs out (the product's clock moved past it): its 3 wetsuits are free again.
    expect((await v1.moveDevClock({ body: { advanceMinutes: 20 } })).status).toBe(200);
    expect(await wetsuitsTaken(slot.id, ids.wetsuit)).toBe(0);
    const second = await book(other, slot.id, 2, [{ addOnId: ids.wetsuit, quantity: 2 }]);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(await wetsuitsTaken(slot.id, ids.wetsuit)).toBe(2);

    // A stock in total: the only signed map, on another departure, is then sold out here.
    const elsewhere = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const mapBooking = await confirmedBooking(traveller, acme, elsewhere.id, 1, {
      extra: { addOns: [{ addOnId: ids.map, quantity: 1 }] },
    });
    expectEnvelope(await book(other, slot.id, 1, [{ addOnId: ids.map, quantity: 1 }]), 409, "add_on_sold_out");

    // Cancelled (refunded in full, add-on included): the map is for sale again.
    const cancelled = await v1.cancelBooking({
      params: { id: mapBooking.id },
      token: traveller.idToken,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [map] = await db().select().from(experienceAddOns).where(eq(experienceAddOns.id, ids.map));
    expect(map.takenTotal).toBe(0);
    const refunds = (await v1.booking({ params: { id: mapBooking.id }, token: traveller.idToken })).body.data.refunds;
    expect(refunds.reduce((sum: number, refund: { amountMinor: number }) => sum + refund.amountMinor, 0)).toBe(
      mapBooking.totalMinor,
    );
    const third = await book(traveller, slot.id, 1, [{ addOnId: ids.map, quantity: 1 }]);
    expect(third.status, JSON.stringify(third.body)).toBe(201);
  });
});
