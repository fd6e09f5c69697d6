import type { OperatorRole } from "~contract/operator/team";
import "../../support/env";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, services, slots, ticketTypes } from "~api/db/schema";
import { FIELD_MESSAGES } from "~api/http/field-messages";
import type { ExperienceCard } from "~contract/catalog/requests";
import { api, expectEnvelope, expectRefusedOn, expectPlainTextRefused } from "../../support/api";
import {
  bookingBody,
  bookingRow,
  bookingUser,
  confirmedBooking,
  createSlot,
  findService,
  pay,
  placeBooking,
  sessionIdOf,
  type TestService,
} from "../../support/booking";
import { call, identityWorld } from "../../support/identity";
import { teamOf, asMember, syncedMember } from "../../support/operator";
import { callEndpoint, v1, v1Path } from "../../support/client";

const { db } = identityWorld();

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

async function firstServiceOf(experienceId: string): Promise<string> {
  const [row] = await db()
    .select({ id: services.id })
    .from(services)
    .where(eq(services.experienceId, experienceId))
    .orderBy(asc(services.sortOrder), asc(services.id));
  return row.id;
}

async function card(id: string, query = ""): Promise<ExperienceCard | undefined> {
  const res = await api(`${v1Path("experiences")}?pageSize=48${query ? `&${query}` : ""}`);
  expect(res.status).toBe(200);
  return (res.body.data.items as ExperienceCard[]).find((item) => item.id === id);
}

/** A new service of central-park-bike-tour (an hour long) made by the manager; answers its id. */
async function newBikeService(managerToken: string, name: string, capacity: number): Promise<string> {
  const created = await v1.operatorCreateService({
    params: { experienceId: "central-park-bike-tour" },
    ...asMember(managerToken, { body: { name, durationMinutes: 60, capacity } }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}

const ticketsOf = (list: Array<[string, string, number]>) => ({
  ticketTypes: list.map(([code, name, priceMinor]) => ({ code, name, priceMinor })),
});

describe("console services and prices: the guard", () => {
  it("every endpoint: signed out 401, a non-member 404, another operator's ids 404, a guide 403, a manager 2xx", async () => {
    const { manager, guide, stranger } = await teamOf(db());
    const acmeExperience = "brooklyn-bridge-sunrise-walk";
    const acmeService = await firstServiceOf(acmeExperience);
    const harborService = (await findService(db(), "harbor")).serviceId;
    const harborExperience = (await findService(db(), "harbor")).experienceId;
    const types = ticketsOf([["adult", "Adult", 4900]]);
    const newService = { name: "Evening walk", durationMinutes: 90, capacity: 10 };
    const requests = (experienceId: string, serviceId: string) =>
      [
        ["operatorListServices", { experienceId }, undefined],
        ["operatorCreateService", { experienceId }, newService],
        ["operatorUpdateService", { serviceId }, { name: "Small-group walk" }],
        ["operatorSetTicketTypes", { serviceId }, types],
        ["operatorDeleteService", { serviceId }, undefined],
      ] as const;
    for (const [name, params, body] of requests(acmeExperience, acmeService)) {
      expectEnvelope(await callEndpoint(name, { params, ...asMember(undefined, { body }) }), 401, "unauthorized");
      expectEnvelope(await callEndpoint(name, { params, ...asMember(stranger.idToken, { body }) }), 404, "not_found");
      expectEnvelope(await callEndpoint(name, { params, ...asMember(guide.idToken, { body }) }), 403, "forbidden");
      // A member of acme is nobody on harbor's storefront.
      expectEnvelope(
        await callEndpoint(name, { params, ...asMember(manager.idToken, { body, account: "harbor" }) }),
        404,
        "not_found",
      );
    }
    // Harbor's ids on acme's storefront: not found, for every endpoint.
    for (const [name, params, body] of requests(harborExperience, harborService))
      expectEnvelope(await callEndpoint(name, { params, ...asMember(manager.idToken, { body }) }), 404, "not_found");

    const list = await v1.operatorListServices({
      params: { experienceId: acmeExperience },
      ...asMember(manager.idToken),
    });
    expect(list.status).toBe(200);
    expect(list.body.data.experience).toEqual({ id: acmeExperience, title: "Brooklyn Bridge Sunrise Walk" });
    expect(list.body.data.currency).toBe("USD");
    expect(list.body.data.services.map((s: { name: string }) => s.name)).toEqual([
      "Small-group walk",
      "Private sunrise walk",
    ]);
    expect(list.body.data.services[0]).toMatchObject({
      durationMinutes: 120,
      capacity: 14,
      currency: "USD",
      ticketTypes: [
        { code: "adult", name: "Adult", priceMinor: 4900 },
        { code: "child", priceMinor: 2900 },
        { code: "senior", priceMinor: 4400 },
      ],
    });
    expect(list.body.data.services[0].departuresAtCapacity).toBeGreaterThan(0);
    const owner = await member("acme", "owner");
    expect(
      (await v1.operatorListServices({ params: { experienceId: acmeExperience }, ...asMember(owner.idToken) })).status,
    ).toBe(200);
  });

  it("refuses hostile input with a 4xx: NUL, duplicates, negative, huge, empty list, malformed ids, wrong types", async () => {
    const manager = await member("acme", "manager");
    const serviceId = await firstServiceOf("central-park-bike-tour");
    const put = (body: unknown) =>
      v1.operatorSetTicketTypes({ params: { serviceId }, ...asMember(manager.idToken, { body }) });
    const refused = async (body: unknown, field: string) => {
      expectRefusedOn(await put(body), field);
    };
    await refused(ticketsOf([["adult", "Adult\u0000", 100]]), "ticketTypes.0.name");
    await refused(
      ticketsOf([
        ["adult", "Adult", 100],
        ["adult", "Grown-up", 200],
      ]),
      "ticketTypes.1.code",
    );
    await refused(ticketsOf([["adult", "Adult", -1]]), "ticketTypes.0.priceMinor");
    await refused(ticketsOf([["adult", "Adult", 10_000_001]]), "ticketTypes.0.priceMinor");
    await refused(ticketsOf([["adult", "Adult", 12.5]]), "ticketTypes.0.priceMinor");
    await refused(ticketsOf([["adult", "x".repeat(100_000), 100]]), "ticketTypes.0.name");
    await refused(ticketsOf([["Adult!", "Adult", 100]]), "ticketTypes.0.code");
    await refused({ ticketTypes: [] }, "ticketTypes");
    await refused({ ticketTypes: "adult" }, "ticketTypes");
    const malformed = await call("/v1/operator/services/..%2F..%2Fx/ticket-types", {
      ...asMember(manager.idToken, { method: "PUT", body: ticketsOf([["adult", "Adult", 100]]) }),
    });
    expect(malformed.status).toBe(400);
    await expectPlainTextRefused(
      { method: "PATCH", path: `/v1/operator/services/${serviceId}` },
      manager.idToken,
      "capacity=3",
    );
    const patch = (body: unknown) =>
      v1.operatorUpdateService({ params: { serviceId }, ...asMember(manager.idToken, { body }) });
    expectEnvelope(await patch({}), 400, "validation_error");
    expectEnvelope(await patch({ capacity: 0 }), 400, "validation_error");
    expectEnvelope(await patch({ capacity: "12" }), 400, "validation_error");
    expectEnvelope(await patch({ durationMinutes: 100_000 }), 400, "validation_error");
    expectEnvelope(await patch({ seatsTaken: 0 }), 400, "validation_error");
    // Nothing was changed by any of them.
    const list = await v1.operatorListServices({
      params: { experienceId: "central-park-bike-tour" },
      ...asMember(manager.idToken),
    });
    expect(list.body.data.services[0].ticketTypes.length).toBeGreaterThan(0);
  });
});

describe("console prices: bookings keep the price they were sold at", () => {
  it("a confirmed booking and a held one keep price, total and receipt; a new quote uses the new price", async () => {
    const manager = await member("acme", "manager");
    const service: TestService = await findService(db(), "acme");
    const slot = await createSlot(db(), service.serviceId, { capacity: 10 });
    const [buyer, holder] = await Promise.all([bookingUser(service), bookingUser(service)]);
    const confirmed = await confirmedBooking(buyer, service, slot.id, 2);
    const held = await placeBooking(holder.idToken, bookingBody(service, slot.id, 1));
    expect(held.status).toBe(201);
    const heldId: string = held.body.data.booking.id;
    const oldPrice = service.adult.priceMinor;
    const receiptBefore = (await v1.booking({ params: { id: confirmed.id }, token: buyer.idToken })).body.data;

    // The adult price goes up and the child type is removed.
    const newPrice = oldPrice + 1234;
    const set = await v1.operatorSetTicketTypes({
      params: { serviceId: service.serviceId },
      ...asMember(manager.idToken, { body: ticketsOf([["adult", "Adult (13+)", newPrice]]) }),
    });
    expect(set.status).toBe(200);
    expect(set.headers.get("X-Wayfarer-Changed")).toBe("catalog");
    // The adult type kept its id: a page being filled in still names it.
    expect(set.body.data.ticketTypes).toEqual([
      { id: service.adult.id, code: "adult", name: "Adult (13+)", priceMinor: newPrice },
    ]);

    const receiptAfter = (await v1.booking({ params: { id: confirmed.id }, token: buyer.idToken })).body.data;
    expect(receiptAfter.tickets).toEqual(receiptBefore.tickets);
    expect(receiptAfter.tickets[0]).toMatchObject({ unitPriceMinor: oldPrice, quantity: 2, name: service.adult.name });
    expect(receiptAfter.totalMinor).toBe(confirmed.totalMinor);
    expect((await bookingRow(db(), confirmed.id)).totalMinor).toBe(confirmed.totalMinor);

    // The held booking pays what it was quoted: its checkout and its row.
    const heldTotal: number = held.body.data.booking.totalMinor;
    const checkout = await v1.sandboxCheckout({ params: { sessionId: sessionIdOf(held.body.data.checkoutUrl) } });
    expect(checkout.body.data.amountMinor).toBe(heldTotal);
    const paid = await pay(sessionIdOf(held.body.data.checkoutUrl));
    expect(paid.body.data.status).toBe("paid");
    const heldRow = await bookingRow(db(), heldId);
    expect(heldRow.status).toBe("confirmed");
    expect(heldRow.totalMinor).toBe(heldTotal);
    expect(heldRow.tickets[0].unitPriceMinor).toBe(oldPrice);

    // A new quote: the new price; the removed child type is no longer sold.
    const quoteOne = (ticketTypeId: string) =>
      v1.quote({ body: { serviceId: service.serviceId, slotId: slot.id, tickets: [{ ticketTypeId, quantity: 1 }] } });
    const quote = await quoteOne(service.adult.id);
    expect(quote.status).toBe(200);
    expect(quote.body.data.breakdown.lines[0].unitPriceMinor).toBe(newPrice);
    if (service.child) {
      const child = await quoteOne(service.child.id);
      expect(child.status).toBe(400);
    }
    // The guest's list of bookings still reads.
    expect((await v1.bookings({ token: buyer.idToken })).status).toBe(200);
  });
});

describe("console capacity", () => {
  it("never below the seats sold and held on a future departure at the default: 409 with the count; individually set departures keep theirs", async () => {
    const manager = await member("acme", "manager");
    const experienceId = "lower-east-side-food-tour";
    const serviceId = await firstServiceOf(experienceId);
    // One departure with 9 of 12 taken; one set by hand to 20.
    const full = await createSlot(db(), serviceId, { capacity: 12, seatsLeft: 3 });
    const own = await createSlot(db(), serviceId, { capacity: 20, seatsLeft: 20 });
    const list = await v1.operatorListServices({ params: { experienceId }, ...asMember(manager.idToken) });
    const view = list.body.data.services[0];
    expect(view.capacity).toBe(12);
    const taken = view.seatsTakenMax;
    expect(taken).toBeGreaterThanOrEqual(9);

    const patch = (capacity: number) =>
      v1.operatorUpdateService({ params: { serviceId }, ...asMember(manager.idToken, { body: { capacity } }) });
    const error = expectEnvelope(await patch(taken - 1), 409, "capacity_below_taken");
    expect(error.message).toContain(`${taken} seats are already sold or held`);
    expect(error.fields?.capacity?.[0]).toBe(`At least ${taken}: ${taken} seats are already sold or held.`);
    expect(error.details).toEqual({ taken });
    const [unchanged] = await db().select().from(slots).where(eq(slots.id, full.id));
    expect(unchanged.capacity).toBe(12);

    const ok = await patch(taken);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-Wayfarer-Changed")).toBe("catalog, seats");
    expect(ok.body.data).toMatchObject({ capacity: taken, seatsTakenMax: taken });
    const rows = await db().select().from(slots).where(eq(slots.serviceId, serviceId));
    const future = rows.filter((row) => row.startsAt > new Date());
    expect(rows.find((row) => row.id === full.id)!.capacity).toBe(taken);
    expect(rows.find((row) => row.id === own.id)!.capacity).toBe(20);
    expect(future.filter((row) => row.id !== own.id).every((row) => row.capacity === taken)).toBe(true);
    // Departures in the past keep the capacity they had.
    expect(rows.filter((row) => row.startsAt <= new Date()).every((row) => row.capacity === 12)).toBe(true);
    // The availability the storefront reads follows.
    const day = (offset: number) => new Date(full.startsAt.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const seats = await v1.availability({
      params: { parentId: experienceId, serviceId },
      query: { from: day(-1), to: day(1) },
    });
    expect(seats.status).toBe(200);
    const listed = (seats.body.data.days as Array<{ slots: Array<{ id: string; capacity: number }> }>)
      .flatMap((entry) => entry.slots)
      .find((entry) => entry.id === full.id);
    expect(listed?.capacity).toBe(taken);
  });

  it("a capacity change and bookings racing for the same departure: never over capacity, never a 500", async () => {
    const manager = await member("acme", "manager");
    const serviceId = await newBikeService(manager.idToken, "Race ride", 6);
    const priced = await v1.operatorSetTicketTypes({
      params: { serviceId },
      ...asMember(manager.idToken, { body: ticketsOf([["adult", "Adult", 1500]]) }),
    });
    const base = await findService(db(), "acme");
    const service: TestService = {
      ...base,
      experienceId: "central-park-bike-tour",
      serviceId,
      adult: { id: priced.body.data.ticketTypes[0].id, priceMinor: 1500, name: "Adult" },
      child: null,
    };
    const slot = await createSlot(db(), serviceId, { capacity: 6, seatsLeft: 4 });
    const people = await Promise.all([1, 2, 3, 4].map(() => bookingUser(service)));
    const [change, ...booked] = await Promise.all([
      v1.operatorUpdateService({ params: { serviceId }, ...asMember(manager.idToken, { body: { capacity: 3 } }) }),
      ...people.map((person) => placeBooking(person.idToken, bookingBody(service, slot.id, 1))),
    ]);
    const [row] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect([200, 409]).toContain(change.status);
    for (const result of booked) expect([201, 409]).toContain(result.status);
    expect(row.seatsTaken).toBeLessThanOrEqual(row.capacity);
    expect(row.seatsTaken).toBe(2 + booked.filter((result) => result.status === 201).length);
    if (change.status === 200) expect(row.capacity).toBe(3);
    else {
      expect(change.body.error.code).toBe("capacity_below_taken");
      expect(row.capacity).toBe(6);
    }
  });
});

describe("console services: create, update, delete; the catalog's kept figures follow", () => {
  it("a cheaper price moves the card's From and the price filter; no adult ticket: per person; facets stay", async () => {
    const manager = await member("acme", "manager");
    const id = "lower-east-side-food-tour";
    const serviceId = await firstServiceOf(id);
    const before = (await card(id))!;
    expect(before).toMatchObject({ priceFrom: { amount: 8900, currency: "USD" }, priceBasis: "adult" });
    expect(await card(id, "maxPrice=5000")).toBeUndefined();
    const facetsBefore = (await v1.facets()).body.data;

    /** The service's ticket types set to `list`: the answer's status. */
    const put = async (...list: Array<[string, string, number]>) =>
      (
        await v1.operatorSetTicketTypes({
          params: { serviceId },
          ...asMember(manager.idToken, { body: ticketsOf(list) }),
        })
      ).status;
    expect(await put(["adult", "Adult", 4500], ["child", "Child", 3000])).toBe(200);
    expect((await card(id))!.priceFrom.amount).toBe(4500);
    expect((await card(id, "maxPrice=5000"))?.id).toBe(id);
    expect(await card(id, "minPrice=5000"))?.toBeUndefined();
    // Sorted by price, it comes before an experience it used to follow.
    const sorted = (await v1.experiences({ query: { pageSize: "48", sort: "price_asc" } })).body.data
      .items as ExperienceCard[];
    const prices = sorted.map((item) => item.priceFrom.amount);
    expect(sorted.findIndex((item) => item.id === id)).toBeGreaterThanOrEqual(0);
    expect(prices.filter((price) => price < 4500).length).toBe(sorted.findIndex((item) => item.id === id));

    // Without an adult ticket, the cheapest paid ticket, per person (a free infant ticket does not count).
    expect(await put(["student", "Student", 3900], ["infant", "Infant", 0])).toBe(200);
    expect(await card(id)).toMatchObject({ priceFrom: { amount: 3900 }, priceBasis: "person" });
    const detail = (await v1.service({ params: { parentId: id, serviceId } })).body.data;
    expect(detail.service.ticketTypes.map((t: { code: string; priceMinor: number }) => [t.code, t.priceMinor])).toEqual(
      [
        ["student", 3900],
        ["infant", 0],
      ],
    );
    // The experience is still listed: the facets count it as before.
    expect((await v1.facets()).body.data).toEqual(facetsBefore);
  });

  it("a new service with a cheaper ticket lowers From; deleting it brings From back; a booked service cannot be deleted", async () => {
    const manager = await member("acme", "manager");
    const id = "brooklyn-bridge-sunrise-walk";
    const from = (await card(id))!.priceFrom.amount;
    const created = await v1.operatorCreateService({
      params: { experienceId: id },
      ...asMember(manager.idToken, {
        body: { name: "Quick look", description: "Half the bridge.", durationMinutes: 45, capacity: 8 },
      }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("X-Wayfarer-Changed")).toBe("catalog, seats");
    expect(created.body.data).toMatchObject({
      name: "Quick look",
      capacity: 8,
      sortOrder: 2,
      ticketTypes: [],
      bookings: 0,
    });
    const serviceId: string = created.body.data.id;
    // Without a ticket type it changes nothing on the card.
    expect((await card(id))!.priceFrom.amount).toBe(from);
    await v1.operatorSetTicketTypes({
      params: { serviceId },
      ...asMember(manager.idToken, { body: ticketsOf([["adult", "Adult", 1900]]) }),
    });
    expect((await card(id))!).toMatchObject({ priceFrom: { amount: 1900 }, durationMinutes: 45 });
    await createSlot(db(), serviceId, { capacity: 8 });

    const updated = await v1.operatorUpdateService({
      params: { serviceId },
      ...asMember(manager.idToken, { body: { name: "Quick look at the bridge", durationMinutes: 50 } }),
    });
    expect(updated.body.data).toMatchObject({ name: "Quick look at the bridge", durationMinutes: 50 });
    expect((await card(id))!.durationMinutes).toBe(50);

    const deleted = await v1.operatorDeleteService({ params: { serviceId }, ...asMember(manager.idToken) });
    expect(deleted.status).toBe(200);
    expect((await card(id))!).toMatchObject({ priceFrom: { amount: from }, durationMinutes: 120 });
    expect(await db().select().from(slots).where(eq(slots.serviceId, serviceId))).toEqual([]);
    expectEnvelope(
      await v1.operatorDeleteService({ params: { serviceId }, ...asMember(manager.idToken) }),
      404,
      "not_found",
    );

    // A service that was booked stays.
    const service = await findService(db(), "acme");
    const slot = await createSlot(db(), service.serviceId);
    await confirmedBooking(await bookingUser(service), service, slot.id, 1);
    const refused = expectEnvelope(
      await v1.operatorDeleteService({ params: { serviceId: service.serviceId }, ...asMember(manager.idToken) }),
      409,
      "service_has_bookings",
    );
    expect(refused.message).toMatch(/has \d+ bookings?/);
    expect(await db().select().from(services).where(eq(services.id, service.serviceId))).toHaveLength(1);
  });

  it("every write is in the audit log with who, what and the figures before and after", async () => {
    const owner = await member("acme", "owner");
    const serviceId = await firstServiceOf("central-park-bike-tour");
    const [{ capacity }] = await db().select().from(services).where(eq(services.id, serviceId));
    const beforeTypes = await db()
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.serviceId, serviceId))
      .orderBy(asc(ticketTypes.sortOrder));
    await v1.operatorSetTicketTypes({
      params: { serviceId },
      ...asMember(owner.idToken, { body: ticketsOf([["adult", "Adult", 2500]]) }),
    });
    const [{ maxTaken }] = await db()
      .select({ maxTaken: sql<number>`coalesce(max(${slots.seatsTaken}), 0)::int` })
      .from(slots)
      .where(and(eq(slots.serviceId, serviceId), sql`${slots.startsAt} > now()`));
    const next = Math.max(Number(maxTaken), 1) + 5;
    expect(
      (
        await v1.operatorUpdateService({
          params: { serviceId },
          ...asMember(owner.idToken, { body: { capacity: next } }),
        })
      ).status,
    ).toBe(200);
    const log = (await v1.operatorAuditLog(asMember(owner.idToken))).body.data.items;
    const mine = log.filter((entry: { actor: { id: string } }) => entry.actor.id === owner.uid);
    expect(mine[0]).toMatchObject({
      action: "service.updated",
      target: {
        serviceId,
        before: JSON.stringify({ capacity }),
        after: JSON.stringify({ capacity: next }),
      },
      clientAddress: expect.stringMatching(/^10\./),
    });
    expect(mine[1]).toMatchObject({
      action: "ticket_types.set",
      target: {
        serviceId,
        before: JSON.stringify(beforeTypes.map(({ code, name, priceMinor }) => ({ code, name, priceMinor }))),
        after: JSON.stringify([{ code: "adult", name: "Adult", priceMinor: 2500 }]),
        currency: "USD",
      },
    });
  });
});

describe("console ticket codes: made from the names, kept on a rename", () => {
  it("a type without a code gets one from its name, unique in the service; a code sent is kept, with its id", async () => {
    const manager = await member("acme", "manager");
    const serviceId = await newBikeService(manager.idToken, "Codes test", 5);
    const put = (ticketTypes: Array<{ code?: string; name: string; priceMinor: number }>) =>
      v1.operatorSetTicketTypes({ params: { serviceId }, ...asMember(manager.idToken, { body: { ticketTypes } }) });
    const codes = (answer: Awaited<ReturnType<typeof put>>) =>
      (answer.body.data.ticketTypes as Array<{ code: string; name: string }>).map((type) => [type.name, type.code]);

    const first = await put(
      ["Adults", "Child (6–12)", "Adult with lunch", "Grown-up", "grown up!", "18+ pass", "儿童"].map((name, i) => ({
        name,
        priceMinor: 1000 + i,
      })),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const made = codes(first);
    expect(made.slice(0, 6)).toEqual([
      ["Adults", "adult"],
      ["Child (6–12)", "child"],
      // "adult" is taken: the name's own slug.
      ["Adult with lunch", "adult_with_lunch"],
      ["Grown-up", "grown_up"],
      // The same slug twice in the service: a number.
      ["grown up!", "grown_up_2"],
      ["18+ pass", "t_18_pass"],
    ]);
    expect(made[6][1]).toMatch(/^c_[0-9a-f]{8}$/);
    const ids = new Map(
      (first.body.data.ticketTypes as Array<{ id: string; code: string }>).map((t) => [t.code, t.id]),
    );

    // Renamed with their codes sent back (as the console does): codes and ids stay. A new type
    // named like a kept one gets a number: its name's code is the kept type's.
    const renamed = await put([
      { code: "adult", name: "Grown-ups", priceMinor: 1500 },
      { code: "child", name: "Kids", priceMinor: 700 },
      { name: "Adult", priceMinor: 1600 },
    ]);
    expect(renamed.status).toBe(200);
    expect(codes(renamed)).toEqual([
      ["Grown-ups", "adult"],
      ["Kids", "child"],
      ["Adult", "adult_2"],
    ]);
    const rows = await db().select().from(ticketTypes).where(eq(ticketTypes.serviceId, serviceId));
    expect(rows.find((row) => row.code === "adult")?.id).toBe(ids.get("adult"));
    expect(rows.find((row) => row.code === "child")?.id).toBe(ids.get("child"));
    expect(rows).toHaveLength(3);
  });
});

describe("console prices: a price as typed, read in the operator's currency", () => {
  it("`price` is turned into minor units with the operator's currency; too many decimals, negative, not a number or both forms are a 400", async () => {
    const manager = await member("acme", "manager");
    const serviceId = await newBikeService(manager.idToken, "Typed prices", 5);
    const put = (ticketTypes: unknown[]) =>
      v1.operatorSetTicketTypes({ params: { serviceId }, ...asMember(manager.idToken, { body: { ticketTypes } }) });
    const stored = async () =>
      (
        await db()
          .select()
          .from(ticketTypes)
          .where(eq(ticketTypes.serviceId, serviceId))
          .orderBy(asc(ticketTypes.sortOrder))
      ).map((row) => [row.code, row.priceMinor]);

    // USD (acme's): "12.50" is 1250 cents; priceMinor still works beside it.
    const saved = await put([
      { code: "adult", name: "Adult", price: "12.50" },
      { code: "child", name: "Child", price: "7" },
      { code: "infant", name: "Infant", priceMinor: 0 },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await stored()).toEqual([
      ["adult", 1250],
      ["child", 700],
      ["infant", 0],
    ]);

    const refused = async (type: Record<string, unknown>, field: string, english?: string) => {
      const error = expectRefusedOn(await put([{ code: "adult", name: "Adult", ...type }]), field);
      if (english) expect(error.fields?.[field]).toEqual([english]);
    };
    const invalid = FIELD_MESSAGES["price.invalid"];
    await refused({ price: "12.505" }, "ticketTypes.0.price", invalid);
    await refused({ price: "-3" }, "ticketTypes.0.price", invalid);
    await refused({ price: "twelve" }, "ticketTypes.0.price", invalid);
    await refused({ price: "12,50" }, "ticketTypes.0.price", invalid);
    await refused({ price: 12.5 }, "ticketTypes.0.price", invalid);
    await refused({ price: "100000.01" }, "ticketTypes.0.price");
    await refused({ price: "12.50", priceMinor: 1250 }, "ticketTypes.0.price", FIELD_MESSAGES["price.oneOf"]);
    await refused({}, "ticketTypes.0.priceMinor", FIELD_MESSAGES["price.required"]);
    // Nothing was changed by any of them.
    expect(await stored()).toEqual([
      ["adult", 1250],
      ["child", 700],
      ["infant", 0],
    ]);

    // No operator of the seed prices in yen: acme does for a moment. "1500" is 1500 yen; "15.5" is refused.
    const [acme] = await db().select().from(accounts).where(eq(accounts.slug, "acme"));
    await db().update(accounts).set({ currency: "JPY" }).where(eq(accounts.id, acme.id));
    try {
      const yen = await put([{ code: "adult", name: "Adult", price: "1500" }]);
      expect(yen.status, JSON.stringify(yen.body)).toBe(200);
      expect(await stored()).toEqual([["adult", 1500]]);
      await refused({ price: "15.5" }, "ticketTypes.0.price", invalid);
    } finally {
      await db().update(accounts).set({ currency: acme.currency }).where(eq(accounts.id, acme.id));
    }
    const cleanup = await v1.operatorDeleteService({ params: { serviceId }, ...asMember(manager.idToken) });
    expect(cleanup.status).toBeLessThan(300);
  });
});
