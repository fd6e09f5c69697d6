import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, experienceAddOns, experiences, pickupPoints, services } from "~api/db/schema";
import * as page from "~/routes/_console.console.bookings.new";
import { bookingWorld, createSlot, seatsTaken } from "../support/booking";
import { consoleLoad as load, consolePost as post, memberOf } from "../support/console-routes";
import { staffBookingForm } from "../support/staff-booking-form";

/** The desk's form with issue 46's fields: a pickup select (required when the experience says so), the private box, add-on quantities. */
const { db, acme } = bookingWorld();
const PATH = "/console/bookings/new";
const HOTEL = "pp_desk_hotel";
const WETSUIT = "ao_desk_wetsuit";

beforeAll(async () => {
  await db()
    .insert(pickupPoints)
    .values({ id: HOTEL, experienceId: acme.experienceId, name: "Hotel Avenida", address: "Av. 1", minutesBefore: 30 });
  await db().update(experiences).set({ pickupRequired: true }).where(eq(experiences.id, acme.experienceId));
  await db().insert(experienceAddOns).values({
    id: WETSUIT,
    experienceId: acme.experienceId,
    name: "Wetsuit",
    priceMinor: 800,
    per: "guest",
    stockPerDeparture: 2,
  });
  await db()
    .update(services)
    .set({ capacity: 12, privateSale: "both", privatePriceMinor: 90_000, privateMaxGuests: 8 })
    .where(eq(services.id, acme.serviceId));
});

/** The form sent with a wetsuit line (none unless `extra` says): the page's answer. */
const send = (cookie: string, slotId: string, extra: Record<string, string> = {}) =>
  post(
    page,
    PATH,
    cookie,
    staffBookingForm(acme.adult.id, slotId, { "addOns[0].addOnId": WETSUIT, "addOns[0].quantity": "0", ...extra }),
  );

const bookingsOf = (slotId: string) => db().select().from(bookings).where(eq(bookings.slotId, slotId));

describe("/console/bookings/new: pickup, private, add-ons", () => {
  it("the loader tells the form the pickup points (the select required), the private sale and the add-ons", async () => {
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const answer = await load(page, `${PATH}?experience=${acme.experienceId}&departure=${slot.id}`, manager.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data.bookable.pickupPoints).toMatchObject({ required: true, points: [{ id: HOTEL }] });
    expect(answer.data.constraint.pickupPointId).toMatchObject({ required: true });
    expect(answer.data.privateSale).toMatchObject({ serviceId: acme.serviceId, only: false, priceMinor: 90_000 });
    expect(answer.data.bookable.addOns).toMatchObject([{ id: WETSUIT, priceMinor: 800, per: "guest" }]);
  });

  it("without the required pickup: the form again, the refusal on the select, nothing booked; with it, a wetsuit: booked", async () => {
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const refused = await send(manager.cookie, slot.id);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.pickupPointId).toEqual(["desk.newBooking.pickupRequired"]);
    expect(await seatsTaken(db(), slot.id)).toBe(0);

    const foreign = await send(manager.cookie, slot.id, { pickupPointId: "pp_not_ours" });
    expect(foreign.status).toBe(400);
    expect(foreign.data.result.error.pickupPointId).toEqual(["desk.newBooking.pickupInvalid"]);

    const booked = await send(manager.cookie, slot.id, { pickupPointId: HOTEL, "addOns[0].quantity": "1" });
    expect(booked.status).toBe(302);
    const [row] = await bookingsOf(slot.id);
    expect(row.pickup).toMatchObject({ pickupPointId: HOTEL });
    expect(row.addOns).toMatchObject([{ addOnId: WETSUIT, quantity: 1, unitPriceMinor: 800 }]);
    expect(row.subtotalMinor).toBe(2 * acme.adult.priceMinor + 800);

    // The last wetsuits: two more is one too many (sold out, said on the form, no seat taken).
    const soldOut = await send(manager.cookie, slot.id, { pickupPointId: HOTEL, "addOns[0].quantity": "2" });
    expect(soldOut.status).toBe(409);
    expect(JSON.stringify(soldOut.data.result)).toContain("desk.newBooking.addOnSoldOut");
    expect(await seatsTaken(db(), slot.id)).toBe(2);
  });

  it("the private box books the whole departure at the group price; on a departure with guests it is refused on the box", async () => {
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const booked = await send(manager.cookie, slot.id, { pickupPointId: HOTEL, private: "on" });
    expect(booked.status).toBe(302);
    const [row] = await bookingsOf(slot.id);
    expect(row).toMatchObject({ privatePriceMinor: 90_000, subtotalMinor: 90_000 });

    const busy = await createSlot(db(), acme.serviceId, { capacity: 10, seatsLeft: 9 });
    const refused = await send(manager.cookie, busy.id, { pickupPointId: HOTEL, private: "on" });
    expect(refused.status).toBe(409);
    expect(refused.data.result.error.private).toEqual(["desk.newBooking.privateUnavailable"]);
    expect(await bookingsOf(busy.id)).toEqual([]);
  });
});
