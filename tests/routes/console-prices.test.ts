import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { services, slots, ticketTypes } from "~api/db/schema";
import * as prices from "~/routes/_console.console.experiences.$experienceId.prices";
import { bookingUser, confirmedBooking, createSlot, findService } from "../support/booking";
import { identityWorld } from "../support/identity";
import { experiencePage, memberOf } from "../support/console-routes";

const { db } = identityWorld();

const EXPERIENCE = "brooklyn-bridge-sunrise-walk";
const { path, load, post, expectGuarded } = experiencePage(prices, "prices", EXPERIENCE);
const PATH = path();

async function serviceOf(experienceId: string, index = 0) {
  const rows = await db()
    .select()
    .from(services)
    .where(eq(services.experienceId, experienceId))
    .orderBy(asc(services.sortOrder), asc(services.id));
  return rows[index];
}

const pricesForm = (serviceId: string, rows: Array<[string, string, string]>, extra: Record<string, string> = {}) => ({
  intent: "prices",
  serviceId,
  ...Object.fromEntries(
    rows.flatMap(([code, name, price], index) => [
      [`tickets[${index}].code`, code],
      [`tickets[${index}].name`, name],
      [`tickets[${index}].price`, price],
    ]),
  ),
  ...extra,
});

describe("/console/experiences/:experienceId/prices", () => {
  it("signed out: sign in; a non-member, another operator's experience or a malformed id: 404; a guide: 403", async () => {
    const service = await serviceOf(EXPERIENCE);
    await expectGuarded(db(), pricesForm(service.id, [["adult", "Adult", "1"]]));
    const manager = await memberOf(db(), "manager");
    expect((await load(manager.cookie, "no such experience")).status).toBe(404);
    expect((await load(manager.cookie, EXPERIENCE, "harbor.app.localhost:3000")).status).toBe(404);
  });

  it("the page: each service with its figures and its prices in major units", async () => {
    const manager = await memberOf(db(), "manager");
    const page = await load(manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data.digits).toBe(2);
    expect(page.data.title).toBe("Services and prices: Brooklyn Bridge Sunrise Walk");
    expect(page.data.page.services.map((s: { name: string }) => s.name)).toEqual([
      "Small-group walk",
      "Private sunrise walk",
    ]);
    // No code to type: a new row's code is made from its name (the API's), a saved one's travels unseen.
    expect(page.data.constraints.prices).toMatchObject({ "tickets[].name": { required: true } });
    expect(page.data.constraints.prices["tickets[].code"]?.required).toBeFalsy();
  });

  it("prices typed in major units are saved in minor units; rows are added and removed without JavaScript", async () => {
    const manager = await memberOf(db(), "manager");
    const service = await serviceOf(EXPERIENCE);

    // Add a row (conform's intent button, as a native post sends it): the table comes back with it.
    const added = await post(
      manager.cookie,
      pricesForm(service.id, [["adult", "Adult", "49.00"]], {
        __intent__: JSON.stringify({
          type: "insert",
          payload: { name: "tickets", defaultValue: { code: "", name: "", price: "" } },
        }),
      }),
    );
    expect(added.status).toBe(200);
    expect(added.data.intent).toBe(`prices:${service.id}`);
    expect(added.data.result.initialValue.tickets).toHaveLength(2);
    // Remove the first of two rows.
    const removed = await post(
      manager.cookie,
      pricesForm(
        service.id,
        [
          ["adult", "Adult", "49.00"],
          ["child", "Child", "29"],
        ],
        { __intent__: JSON.stringify({ type: "remove", payload: { name: "tickets", index: 0 } }) },
      ),
    );
    expect(removed.status).toBe(200);
    expect(removed.data.result.initialValue.tickets).toEqual([{ code: "child", name: "Child", price: "29" }]);
    // Nothing was saved by either.
    expect((await db().select().from(ticketTypes).where(eq(ticketTypes.serviceId, service.id))).length).toBe(3);

    const invalid = await post(
      manager.cookie,
      pricesForm(service.id, [
        ["adult", "Adult", "12.505"],
        ["adult", "", "-3"],
      ]),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error).toMatchObject({
      "tickets[0].price": ["prices.priceFormat"],
      "tickets[1].name": ["prices.nameRequired"],
      "tickets[1].price": ["prices.priceFormat"],
    });

    // A saved type renamed keeps its code (sent back unseen); new rows get theirs from their names.
    const saved = await post(
      manager.cookie,
      pricesForm(service.id, [
        ["adult", "Grown-up", "12.50"],
        ["", "Students", "9,9"],
        ["", "Infant", "0"],
        ["", "Adult", "11"],
      ]),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(PATH);
    expect(saved.headers.get("Set-Cookie")).toBeTruthy();
    const rows = await db()
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.serviceId, service.id))
      .orderBy(asc(ticketTypes.sortOrder));
    expect(rows.map((row) => [row.code, row.name, row.priceMinor])).toEqual([
      ["adult", "Grown-up", 1250],
      ["student", "Students", 990],
      ["infant", "Infant", 0],
      ["adult_2", "Adult", 1100],
    ]);
    // A code that is not one (only a tampered form sends it): refused, nothing saved.
    const tampered = await post(manager.cookie, pricesForm(service.id, [["Adult!", "Adult", "12"]]));
    expect(tampered.status).toBe(400);
    expect(tampered.data.result.error).toEqual({ "tickets[0].code": ["prices.invalid"] });
  });

  it("a service's fields; a capacity below the seats taken: 409 on the field, with the count from the page", async () => {
    const manager = await memberOf(db(), "manager");
    const service = await serviceOf(EXPERIENCE);
    await createSlot(db(), service.id, { capacity: service.capacity, seatsLeft: 1 });
    const serviceForm = (capacity: string) => ({
      intent: "service",
      serviceId: service.id,
      name: "Small-group sunrise walk",
      description: service.description,
      durationMinutes: "125",
      capacity,
      sortOrder: "0",
    });
    const refused = await post(manager.cookie, serviceForm("3"));
    expect(refused.status).toBe(409);
    expect(refused.data.intent).toBe(`service:${service.id}`);
    expect(refused.data.result.error).toEqual({ capacity: ["prices.capacityBelowTaken"] });
    const page = await load(manager.cookie);
    // The page's figure, which the message's count reads, is what the API refused on.
    expect(page.data.page.services[0].seatsTakenMax).toBeGreaterThanOrEqual(service.capacity - 1);

    expect((await post(manager.cookie, serviceForm("zero"))).data.result.error).toEqual({
      capacity: ["prices.wholeNumber"],
    });
    const saved = await post(manager.cookie, serviceForm(String(service.capacity + 2)));
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({
      name: "Small-group sunrise walk",
      durationMinutes: 125,
      capacity: service.capacity + 2,
    });
  });

  it("sells a service private (issue 46) without JavaScript: the group price typed in major units; refused on its field", async () => {
    const manager = await memberOf(db(), "manager");
    const service = await serviceOf(EXPERIENCE, 1);
    const privateForm = (fields: Record<string, string>) => ({ intent: "private", serviceId: service.id, ...fields });

    const missing = await post(manager.cookie, privateForm({ sale: "both", price: "", maxGuests: "" }));
    expect(missing.status).toBe(400);
    expect(missing.data.intent).toBe(`private:${service.id}`);
    expect(missing.data.result.error).toEqual({ price: ["prices.priceRequired"], maxGuests: ["prices.wholeNumber"] });
    expect((await post(manager.cookie, privateForm({ sale: "always" }))).data.result.error).toEqual({
      sale: ["prices.invalid"],
    });
    // More guests than the service's capacity: the API's refusal, on the field.
    const over = await post(manager.cookie, privateForm({ sale: "only", price: "450", maxGuests: "999" }));
    expect(over.status).toBe(400);
    expect(Object.keys(over.data.result.error)).toEqual(["maxGuests"]);

    const saved = await post(manager.cookie, privateForm({ sale: "only", price: "450,50", maxGuests: "1" }));
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    expect(saved.location).toBe(PATH);
    const [row] = await db().select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({ privateSale: "only", privatePriceMinor: 45_050, privateMaxGuests: 1 });
    const page = await load(manager.cookie);
    expect(page.data.page.services[1].privateSale).toEqual({ only: true, priceMinor: 45_050, maxGuests: 1 });

    // Not sold private any more: the price and the most guests go with it.
    expect((await post(manager.cookie, privateForm({ sale: "none", price: "", maxGuests: "" }))).status).toBe(302);
    const [cleared] = await db().select().from(services).where(eq(services.id, service.id));
    expect(cleared).toMatchObject({ privateSale: "none", privatePriceMinor: null, privateMaxGuests: null });
  });

  it("a new service; deleting asks for confirmation; a booked service is not deleted", async () => {
    const manager = await memberOf(db(), "manager");
    const form = {
      intent: "create",
      name: "Photographers' walk",
      description: "Tripods welcome.",
      durationMinutes: "180",
      capacity: "6",
      idempotencyKey: (await load(manager.cookie)).data.idempotencyKey,
    };
    const created = await post(manager.cookie, form);
    expect(created.status).toBe(302);
    // The form sent again (a double click, the page gone back to): the same service, once.
    const again = await post(manager.cookie, form);
    expect(again.status).toBe(302);
    expect(again.location).toBe(created.location);
    expect(await db().select().from(services).where(eq(services.name, "Photographers' walk"))).toHaveLength(1);
    const fresh = (await db().select().from(services).where(eq(services.name, "Photographers' walk")))[0];
    expect(fresh).toMatchObject({ experienceId: EXPERIENCE, capacity: 6, durationMinutes: 180 });
    await createSlot(db(), fresh.id, { capacity: 6 });

    const unconfirmed = await post(manager.cookie, { intent: "delete", serviceId: fresh.id });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data.result.error).toEqual({ confirm: ["prices.confirmDelete"] });
    const deleted = await post(manager.cookie, { intent: "delete", serviceId: fresh.id, confirm: "on" });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(services).where(eq(services.id, fresh.id))).toEqual([]);
    expect(await db().select().from(slots).where(eq(slots.serviceId, fresh.id))).toEqual([]);

    const booked = await findService(db(), "acme");
    const slot = await createSlot(db(), booked.serviceId);
    await confirmedBooking(await bookingUser(booked), booked, slot.id, 1);
    const refused = await post(
      manager.cookie,
      { intent: "delete", serviceId: booked.serviceId, confirm: "on" },
      booked.experienceId,
    );
    expect(refused.status).toBe(409);
    expect(refused.data.result.error).toEqual({ "": ["prices.hasBookings"] });
    // Another operator's service through this page: the API's 404.
    const harbor = await findService(db(), "harbor");
    const foreign = await post(manager.cookie, { intent: "delete", serviceId: harbor.serviceId, confirm: "on" });
    expect(foreign.status).toBe(404);
    expect(await db().select().from(services).where(eq(services.id, harbor.serviceId))).toHaveLength(1);
  });
});
