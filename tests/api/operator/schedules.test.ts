import "../../support/env";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { experiences, sandboxCheckouts, services, slots } from "~api/db/schema";
import { CHANGED_HEADER } from "~contract/system/changes";
import type { OperatorRole } from "~contract/operator/team";
import { expectEnvelope, expectPlainTextRefused } from "../../support/api";
import * as world from "../../support/booking";
import { call, outboxFor, syncedUser } from "../../support/identity";
import { asMember, auditEntries, syncedMember } from "../../support/operator";
import { callEndpoint, declared, v1, v1Path } from "../../support/client";
import type { EndpointName } from "~contract/endpoints";

const { db, acme } = world.bookingWorld();

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

const HORIZON = 120;

/** Today in a zone, and a date `days` later. */
const today = (zone: string) => DateTime.now().setZone(zone).toISODate()!;
const plus = (date: string, days: number) => DateTime.fromISO(date).plus({ days }).toISODate()!;

/** A schedule body: one weekly rule from today (in `zone`, the experience's), no blackouts, no cut-off, unless told. */
function schedule(
  zone: string,
  rule: { weekdays: number[]; startTimes: string[] },
  extra: Record<string, unknown> = {},
) {
  return {
    rules: [{ ...rule, validFrom: today(zone), validUntil: null }],
    blackouts: [],
    salesCutoffMinutes: 0,
    ...extra,
  };
}

async function setSchedule(token: string, serviceId: string, body: unknown) {
  return v1.operatorSetSchedule({ params: { serviceId }, ...asMember(token, { body }) });
}

/** The service's future departures made by a rule, in order. */
async function ruled(serviceId: string) {
  return db()
    .select()
    .from(slots)
    .where(and(eq(slots.serviceId, serviceId), isNotNull(slots.ruleId), sql`${slots.startsAt} > now()`))
    .orderBy(asc(slots.startsAt));
}

/** A second service of acme's, fresh for a test: same experience, no departures. */
async function freshService(name: string): Promise<string> {
  const id = `sched-${name}-${Math.random().toString(36).slice(2, 8)}`;
  await db()
    .insert(services)
    .values({
      id,
      experienceId: acme.experienceId,
      name: `Schedule test ${name}`,
      description: "A service for schedule tests.",
      durationMinutes: 90,
      capacity: 12,
      sortOrder: 50,
    });
  return id;
}

describe("operator schedules: the guard, endpoint by endpoint", () => {
  it("signed out 401, a non-member 404, a guide 403, another operator's ids 404", async () => {
    const [guide, stranger, harborOwner] = await Promise.all([
      member("acme", "guide"),
      syncedUser(),
      member("harbor", "owner"),
    ]);
    const slot = await world.createSlot(db(), acme.serviceId);
    const body = schedule(acme.timezone, { weekdays: [1], startTimes: ["09:00"] });
    const experienceId = acme.experienceId;
    const serviceId = acme.serviceId;
    const departureId = slot.id;
    const calls: Array<[EndpointName, Record<string, string>, unknown]> = [
      ["operatorGetSchedule", { experienceId }, undefined],
      ["operatorSetSchedule", { serviceId }, body],
      ["operatorListDepartures", { experienceId }, undefined],
      ["operatorCreateDeparture", { serviceId }, { date: plus(today(acme.timezone), 3), time: "07:05" }],
      ["operatorGetDeparture", { departureId }, undefined],
      ["operatorUpdateDeparture", { departureId }, { capacity: 20 }],
      ["operatorCancelDeparture", { departureId }, undefined],
    ];
    for (const [name, params, payload] of calls) {
      const { method, path } = declared(name, params);
      expectEnvelope(
        await callEndpoint(name, { params, ...asMember(undefined, { body: payload }) }),
        401,
        "unauthorized",
      );
      expectEnvelope(
        await callEndpoint(name, { params, ...asMember(stranger.idToken, { body: payload }) }),
        404,
        "not_found",
      );
      expectEnvelope(
        await callEndpoint(name, { params, ...asMember(guide.idToken, { body: payload }) }),
        403,
        "forbidden",
      );
      // harbor's owner, on harbor's storefront, naming acme's experience, service or departure.
      const other = await callEndpoint(name, {
        params,
        ...asMember(harborOwner.idToken, { body: payload, account: "harbor" }),
      });
      expect(other.status, `${method} ${path}`).toBe(404);
    }
    // Nothing was changed by any of them.
    const [row] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect(row).toMatchObject({ capacity: slot.capacity, status: "open" });
  });

  it("hostile input is a 400 with words, never a 500", async () => {
    const manager = await member("acme", "manager");
    const good = schedule(acme.timezone, { weekdays: [1], startTimes: ["09:00"] });
    const refused = [
      // The zone is the experience's (PATCH the experience): a schedule naming one is refused.
      { ...good, timezone: acme.timezone },
      { ...good, timezone: "x".repeat(100_000) },
      { ...good, blackouts: [{ date: plus(today(acme.timezone), 2), reason: "closed\u0000" }] },
      { ...good, blackouts: [{ date: "2026-02-30" }] },
      { ...good, rules: [{ weekdays: [8], startTimes: ["09:00"], validFrom: "2026-01-01" }] },
      { ...good, rules: [{ weekdays: [1], startTimes: ["24:00"], validFrom: "2026-01-01" }] },
      { ...good, rules: [{ weekdays: [1], startTimes: ["09:00"], validFrom: "2026-05-01", validUntil: "2026-04-01" }] },
      { ...good, salesCutoffMinutes: -1 },
    ];
    for (const body of refused) {
      const res = await setSchedule(manager.idToken, acme.serviceId, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect(
      (
        await v1.operatorSetSchedule({
          params: { serviceId: "bad%20id!" },
          ...asMember(manager.idToken, { body: good }),
        })
      ).status,
    ).toBe(400);
    await expectPlainTextRefused(
      { method: "PUT", path: `/v1/operator/services/${acme.serviceId}/schedule` },
      manager.idToken,
    );
    expectEnvelope(
      await v1.operatorUpdateDeparture({
        params: { departureId: "no-such-departure" },
        ...asMember(manager.idToken, { body: { capacity: 3 } }),
      }),
      404,
      "departure_not_found",
    );
  });
});

describe("operator schedules: materialised departures", () => {
  it("a weekly rule materialises its departures for the horizon at once, 07:10 local each, and is audited", async () => {
    const manager = await member("acme", "manager");
    const serviceId = await freshService("daily");
    // The experience's zone, in which the schedule's times are read.
    const zone = acme.timezone;
    const res = await setSchedule(
      manager.idToken,
      serviceId,
      schedule(zone, { weekdays: [1, 2, 3, 4, 5, 6, 7], startTimes: ["07:10"] }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get(CHANGED_HEADER)).toContain("seats");
    const first = today(zone);
    const expected = Array.from({ length: HORIZON + 1 }, (_, day) => plus(first, day)).filter(
      (date) => DateTime.fromISO(`${date}T07:10`, { zone }) > DateTime.now(),
    );
    expect(res.body.data).toMatchObject({ created: expected.length, removed: 0, kept: 0 });
    expect(res.body.data.schedule).toMatchObject({
      experience: { id: acme.experienceId, timezone: zone },
      service: { id: serviceId, salesCutoffMinutes: 0 },
      rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startTimes: ["07:10"], validFrom: first, validUntil: null }],
      horizonDays: HORIZON,
      needsDecision: [],
    });
    const rows = await ruled(serviceId);
    expect(rows.map((row) => DateTime.fromJSDate(row.startsAt, { zone }).toISODate())).toEqual(expected);
    expect(rows.every((row) => DateTime.fromJSDate(row.startsAt, { zone }).toFormat("HH:mm") === "07:10")).toBe(true);
    expect(rows.every((row) => row.capacity === 12 && row.status === "open")).toBe(true);

    // The same schedule again changes nothing.
    const again = await setSchedule(
      manager.idToken,
      serviceId,
      schedule(zone, { weekdays: [1, 2, 3, 4, 5, 6, 7], startTimes: ["07:10"] }),
    );
    expect(again.body.data).toMatchObject({ created: 0, removed: 0, kept: 0 });

    // A blackout removes that day's departure; the audit log names who did it.
    const blackout = plus(first, 5);
    const blacked = await setSchedule(
      manager.idToken,
      serviceId,
      schedule(
        zone,
        { weekdays: [1, 2, 3, 4, 5, 6, 7], startTimes: ["07:10"] },
        {
          blackouts: [{ date: blackout, reason: "Holiday" }],
        },
      ),
    );
    expect(blacked.body.data).toMatchObject({ created: 0, removed: 1, kept: 0 });
    expect(blacked.body.data.schedule.blackouts).toEqual([{ date: blackout, reason: "Holiday" }]);
    const audit = await auditEntries(db(), "schedule.set", manager.uid);
    expect(audit).toHaveLength(3);
    expect(audit[2].target).toMatchObject({ serviceId, removed: "1", timezone: zone });
  });

  it("a rule change never moves or deletes a booked or held departure: it is listed for a decision, then kept or cancelled", async () => {
    const manager = await member("acme", "manager");
    const zone = acme.timezone;
    const serviceId = acme.serviceId;
    const mondays = (time: string) => schedule(zone, { weekdays: [1], startTimes: [time] });
    const set = await setSchedule(manager.idToken, serviceId, mondays("06:40"));
    expect(set.status).toBe(200);
    const made = await ruled(serviceId);
    expect(made.length).toBeGreaterThanOrEqual(16);
    // Two Mondays a few weeks out: one booked and paid, one held (not paid).
    const [paidSlot, heldSlot] = [made[3], made[4]];
    const [guest, holder] = await Promise.all([world.bookingUser(acme), world.bookingUser(acme)]);
    const booking = await world.confirmedBooking(guest, acme, paidSlot.id, 2, { account: "acme" });
    const held = await world.placeBooking(holder.idToken, world.bookingBody(acme, heldSlot.id, 1), { account: "acme" });
    expect(held.status).toBe(201);

    const changed = await setSchedule(manager.idToken, serviceId, mondays("11:20"));
    expect(changed.status).toBe(200);
    // Every Monday of the horizon at the new time is made (today's too, on a Monday between the two
    // times: one more than the old time had left), and only the booked and held ones are kept.
    const remade = await ruled(serviceId);
    expect(remade.every((slot) => slot.startsAt.getTime() !== paidSlot.startsAt.getTime())).toBe(true);
    expect(remade.length).toBeGreaterThanOrEqual(made.length);
    expect(remade.length).toBeLessThanOrEqual(made.length + 1);
    expect(changed.body.data).toMatchObject({ created: remade.length, removed: made.length - 2, kept: 2 });
    for (const slot of [paidSlot, heldSlot]) {
      const [row] = await db().select().from(slots).where(eq(slots.id, slot.id));
      // Neither moved nor deleted: same start, same seats, still on sale, flagged.
      expect(row).toMatchObject({
        startsAt: slot.startsAt,
        status: "open",
        needsDecision: true,
        ruleId: null,
        capacity: slot.capacity,
      });
    }
    expect(await world.seatsTaken(db(), paidSlot.id)).toBe(2);
    const listed = changed.body.data.schedule.needsDecision;
    expect(listed.map((d: { id: string }) => d.id)).toEqual([paidSlot.id, heldSlot.id]);
    expect(listed[0]).toMatchObject({ seatsSold: 2, seatsHeld: 0, bookings: 1, needsDecision: true });
    expect(listed[1]).toMatchObject({ seatsSold: 0, seatsHeld: 1, bookings: 1 });
    const departures = await v1.operatorListDepartures({
      params: { experienceId: acme.experienceId },
      query: { service: serviceId },
      ...asMember(manager.idToken),
    });
    expect(departures.body.data.needsDecision).toHaveLength(2);

    // Keep: a one-off now; a later schedule change leaves it alone.
    const kept = await v1.operatorUpdateDeparture({
      params: { departureId: heldSlot.id },
      ...asMember(manager.idToken, { body: { keep: true } }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ needsDecision: false, ruleId: null, status: "open" });
    expect((await setSchedule(manager.idToken, serviceId, mondays("12:20"))).body.data.kept).toBe(1);
    const [keptRow] = await db().select().from(slots).where(eq(slots.id, heldSlot.id));
    expect(keptRow).toMatchObject({ needsDecision: false, status: "open", startsAt: heldSlot.startsAt });

    // Cancel: the booking is cancelled and refunded in full once, the guest emailed, the seats released.
    const before = await world.bookingRow(db(), booking.id);
    const cancelled = await v1.operatorCancelDeparture({
      params: { departureId: paidSlot.id },
      ...asMember(manager.idToken),
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.get(CHANGED_HEADER)).toContain("seats");
    expect(cancelled.body.data).toMatchObject({
      cancelledBookings: 1,
      refunds: 1,
      departure: { id: paidSlot.id, status: "cancelled", seatsSold: 0, seatsHeld: 0, needsDecision: false },
    });
    const after = await world.bookingRow(db(), booking.id);
    expect(after).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundMinor: before.totalMinor });
    expect(await world.seatsTaken(db(), paidSlot.id)).toBe(0);
    const again = await v1.operatorCancelDeparture({
      params: { departureId: paidSlot.id },
      ...asMember(manager.idToken),
    });
    expect(again.body.data).toMatchObject({ cancelledBookings: 0, refunds: 0 });
    const [checkout] = await db()
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.paymentIntentId, before.paymentIntentId!));
    expect(checkout.refundedMinor).toBe(before.totalMinor);
    expect(await world.bookingRow(db(), booking.id)).toMatchObject({ refundMinor: before.totalMinor });
    const mails = (await outboxFor(guest.email)).filter((mail: { subject: string }) =>
      mail.subject.startsWith("Departure cancelled"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].body ?? mails[0].text ?? JSON.stringify(mails[0])).toContain("refunding");
    const audit = await auditEntries(db(), "departure.cancelled", manager.uid);
    expect(audit).toHaveLength(1);
    // A cancelled departure is not bookable.
    const refused = await v1.quote({
      account: "acme",
      body: { serviceId, slotId: paidSlot.id, tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] },
    });
    expectEnvelope(refused, 409, "sales_closed");
    // Back to no rules for the other tests.
    await setSchedule(manager.idToken, serviceId, { ...mondays("12:20"), rules: [] });
  });
});

describe("operator departures: capacity, closing, one-offs, cut-off", () => {
  it("capacity never below the seats sold and held: 409 with the count; at the count it is taken", async () => {
    const manager = await member("acme", "manager");
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 10 });
    const [guest, holder] = await Promise.all([world.bookingUser(acme), world.bookingUser(acme)]);
    await world.confirmedBooking(guest, acme, slot.id, 3);
    expect((await world.placeBooking(holder.idToken, world.bookingBody(acme, slot.id, 2))).status).toBe(201);
    const params = { departureId: slot.id };
    const below = await v1.operatorUpdateDeparture({ params, ...asMember(manager.idToken, { body: { capacity: 4 } }) });
    expectEnvelope(below, 409, "capacity_below_taken");
    expect(below.body.error.details).toEqual({ taken: 5 });
    expect(below.body.error.message).toContain("5 seats are already sold or held");
    const at = await v1.operatorUpdateDeparture({ params, ...asMember(manager.idToken, { body: { capacity: 5 } }) });
    expect(at.status).toBe(200);
    expect(at.body.data).toMatchObject({ capacity: 5, seatsSold: 3, seatsHeld: 2, bookings: 2, onSale: true });
    // Full now: nobody else gets a seat.
    const late = await world.bookingUser(acme);
    expectEnvelope(await world.placeBooking(late.idToken, world.bookingBody(acme, slot.id, 1)), 409, "sold_out");
    const audit = await auditEntries(db(), "departure.updated", manager.uid);
    expect(audit.map((row) => row.target.capacity)).toEqual(["10 → 5"]);
  });

  it("a closed departure is not bookable (availability, quote, booking) and its bookings stand; reopened, it is", async () => {
    const manager = await member("acme", "manager");
    const slot = await world.createSlot(db(), acme.serviceId, { capacity: 8, startsInHours: 24 * 9 });
    const guest = await world.bookingUser(acme);
    const booking = await world.confirmedBooking(guest, acme, slot.id, 1);
    const params = { departureId: slot.id };
    const closed = await v1.operatorUpdateDeparture({
      params,
      ...asMember(manager.idToken, { body: { status: "closed" } }),
    });
    expect(closed.body.data).toMatchObject({ status: "closed", onSale: false, seatsSold: 1 });
    const quote = {
      serviceId: acme.serviceId,
      slotId: slot.id,
      tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }],
    };
    expectEnvelope(await v1.quote({ account: "acme", body: quote }), 409, "sales_closed");
    const other = await world.bookingUser(acme);
    expectEnvelope(await world.placeBooking(other.idToken, world.bookingBody(acme, slot.id, 1)), 409, "sales_closed");
    const date = DateTime.fromJSDate(slot.startsAt, { zone: acme.timezone }).toISODate();
    const availability = () =>
      v1.availability({
        params: { parentId: acme.experienceId, serviceId: acme.serviceId },
        query: { from: date, to: date },
        account: "acme",
      });
    const ids = (res: { body: { data: { days: Array<{ slots: Array<{ id: string }> }> } } }) =>
      res.body.data.days.flatMap((day) => day.slots.map((s) => s.id));
    expect(ids(await availability())).not.toContain(slot.id);
    expect((await world.bookingRow(db(), booking.id)).status).toBe("confirmed");

    await v1.operatorUpdateDeparture({ params, ...asMember(manager.idToken, { body: { status: "open" } }) });
    expect((await v1.quote({ account: "acme", body: quote })).status).toBe(200);
    expect(ids(await availability())).toContain(slot.id);
  });

  it("the online cut-off stops sales that many minutes before the start", async () => {
    const manager = await member("acme", "manager");
    const serviceId = acme.serviceId;
    const soon = await world.createSlot(db(), serviceId, { startsInHours: 2 });
    const later = await world.createSlot(db(), serviceId, { startsInHours: 5 });
    const quote = (slotId: string) =>
      v1.quote({
        account: "acme",
        body: { serviceId, slotId, tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] },
      });
    expect((await quote(soon.id)).status).toBe(200);
    const set = await setSchedule(manager.idToken, serviceId, {
      rules: [],
      blackouts: [],
      salesCutoffMinutes: 180,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.schedule.service.salesCutoffMinutes).toBe(180);
    expectEnvelope(await quote(soon.id), 409, "sales_closed");
    const guest = await world.bookingUser(acme);
    expectEnvelope(await world.placeBooking(guest.idToken, world.bookingBody(acme, soon.id, 1)), 409, "sales_closed");
    expect((await quote(later.id)).status).toBe(200);
    const listed = await v1.operatorListDepartures({
      params: { experienceId: acme.experienceId },
      query: { service: serviceId },
      ...asMember(manager.idToken),
    });
    const byId = new Map(listed.body.data.departures.map((d: { id: string }) => [d.id, d]));
    expect(byId.get(soon.id)).toMatchObject({ onSale: false, status: "open" });
    expect(byId.get(later.id)).toMatchObject({ onSale: true });
    await setSchedule(manager.idToken, serviceId, {
      rules: [],
      blackouts: [],
      salesCutoffMinutes: 0,
    });
  });

  it("a one-off departure at a local date and time of the experience's zone; twice at one time: 409", async () => {
    const manager = await member("acme", "manager");
    const date = plus(today(acme.timezone), 20);
    const create = (body: unknown) =>
      v1.operatorCreateDeparture({ params: { serviceId: acme.serviceId }, ...asMember(manager.idToken, { body }) });
    const made = await create({ date, time: "05:35", capacity: 4 });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ capacity: 4, ruleId: null, status: "open", seatsSold: 0, onSale: true });
    const local = DateTime.fromISO(made.body.data.startsAt, { zone: acme.timezone });
    expect(local.toFormat("yyyy-MM-dd HH:mm")).toBe(`${date} 05:35`);
    expectEnvelope(await create({ date, time: "05:35" }), 409, "departure_exists");
    expectEnvelope(await create({ date: plus(today(acme.timezone), -2), time: "05:35" }), 400, "validation_error");
  });
});

describe("the job keeps departures materialised as the days go by", () => {
  it("moving the app clock three days on adds the new days' departures", async () => {
    const manager = await member("acme", "manager");
    const serviceId = await freshService("job");
    const zone = acme.timezone;
    await setSchedule(
      manager.idToken,
      serviceId,
      schedule(zone, { weekdays: [1, 2, 3, 4, 5, 6, 7], startTimes: ["08:45"] }),
    );
    const last = async () => {
      const rows = await ruled(serviceId);
      return DateTime.fromJSDate(rows.at(-1)!.startsAt, { zone }).toISODate();
    };
    expect(await last()).toBe(plus(today(zone), HORIZON));
    const moved = await v1.moveDevClock({ body: { advanceMinutes: 3 * 24 * 60 } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.ran.departures).toBeGreaterThanOrEqual(3);
    expect(await last()).toBe(plus(today(zone), HORIZON + 3));
    const [row] = await db().select().from(services).where(eq(services.id, serviceId));
    expect(row.materialisedThrough).toBe(plus(today(zone), HORIZON + 3));
    // Idempotent: running the due work again adds nothing.
    const again = await v1.moveDevClock({ body: { advanceMinutes: 1 } });
    expect(again.body.data.ran.departures).toBe(0);
  });
});

describe("the experience's zone, set on the experience", () => {
  it("a new zone moves every service's weekly departures to the same local times; a held one stays, flagged; a one-off keeps its instant; audited", async () => {
    const [owner, manager] = await Promise.all([member("acme", "owner"), member("acme", "manager")]);
    const created = await v1.operatorCreateExperience(
      asMember(owner.idToken, {
        body: {
          title: "Flatirons Sunrise Hike",
          summary: "Watch the sun come up over Boulder.",
          description: "An easy hike to the first Flatiron.",
          city: "Boulder",
          country: "US",
          category: "tours",
          durationMinutes: 150,
          meetingPoint: "Chautauqua Trailhead, 900 Baseline Rd, Boulder, CO 80302",
          languages: ["en"],
          cancellationPolicy: "Free cancellation up to 24 hours before.",
          timezone: "America/Denver",
        },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id: experienceId, serviceId } = created.body.data;
    const denver = "America/Denver";
    const newYork = "America/New_York";
    const daily = schedule(denver, { weekdays: [1, 2, 3, 4, 5, 6, 7], startTimes: ["09:00"] });
    expect((await setSchedule(manager.idToken, serviceId, daily)).status).toBe(200);
    const before = await ruled(serviceId);
    expect(
      before.every((row) => DateTime.fromJSDate(row.startsAt, { zone: denver }).toFormat("HH:mm") === "09:00"),
    ).toBe(true);
    // A seat held on one of them, and a one-off at 18:00 Denver time in ten days.
    const held = before[5];
    await db().update(slots).set({ seatsTaken: 1 }).where(eq(slots.id, held.id));
    const oneOff = await v1.operatorCreateDeparture({
      params: { serviceId },
      ...asMember(manager.idToken, { body: { date: plus(today(denver), 10), time: "18:00" } }),
    });
    expect(oneOff.status).toBe(201);

    const changed = await v1.operatorUpdateExperience({
      params: { experienceId },
      ...asMember(manager.idToken, { body: { timezone: newYork } }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.timezone).toBe(newYork);
    const after = await ruled(serviceId);
    expect(after.length).toBeGreaterThan(100);
    expect(
      after.every((row) => DateTime.fromJSDate(row.startsAt, { zone: newYork }).toFormat("HH:mm") === "09:00"),
    ).toBe(true);
    const [heldRow] = await db().select().from(slots).where(eq(slots.id, held.id));
    expect(heldRow).toMatchObject({ startsAt: held.startsAt, needsDecision: true, seatsTaken: 1 });
    const [oneOffRow] = await db().select().from(slots).where(eq(slots.id, oneOff.body.data.id));
    expect(oneOffRow.startsAt.toISOString()).toBe(oneOff.body.data.startsAt);
    // Listed in the new zone, and the schedule reads it.
    const schedulePage = await v1.operatorGetSchedule({ params: { experienceId }, ...asMember(manager.idToken) });
    expect(schedulePage.body.data.experience.timezone).toBe(newYork);
    expect(schedulePage.body.data.needsDecision.map((d: { id: string }) => d.id)).toEqual([held.id]);
    const [audit] = await auditEntries(db(), "experience.timezone_set", manager.uid);
    expect(audit.target).toMatchObject({ experienceId, before: denver, after: newYork, kept: "1" });
    expect(Number(audit.target.created)).toBe(after.length);
    expect(Number(audit.target.removed)).toBe(before.length - 1);

    // The same zone again changes nothing and is not audited again.
    const same = await v1.operatorUpdateExperience({
      params: { experienceId },
      ...asMember(manager.idToken, { body: { timezone: newYork } }),
    });
    expect(same.status).toBe(200);
    const audits = await auditEntries(db(), "experience.timezone_set", manager.uid);
    expect(audits).toHaveLength(1);
    // A zone that is not one: 400, nothing changed.
    for (const timezone of ["Mars/Olympus", "america/denver", "US/Mountain", "x".repeat(10_000), 7]) {
      const refused = await v1.operatorUpdateExperience({
        params: { experienceId },
        ...asMember(manager.idToken, { body: { timezone } }),
      });
      expectEnvelope(refused, 400, "validation_error");
    }
    const [row] = await db().select().from(experiences).where(eq(experiences.id, experienceId));
    expect(row.timezone).toBe(newYork);
  });
});

describe("the departures listing: windows of local dates", () => {
  it("any from/to of the experience's zone, with the windows of as many days before and after; a range that cannot be: 400, never a 500", async () => {
    const manager = await member("acme", "manager");
    const path = v1Path("operatorListDepartures", { params: { experienceId: acme.experienceId } });
    const list = (query: string) => call(`${path}?${query}`, asMember(manager.idToken));
    // Today as the product sees it (another test of this file moved its clock on).
    const first = await list("");
    const productToday = first.body.data.from as string;
    expect(first.body.data.to).toBe(plus(productToday, 30));
    const day = plus(productToday, 40);
    const shown = await list(`from=${day}&to=${plus(day, 9)}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      from: day,
      to: plus(day, 9),
      earlier: { from: plus(day, -10), to: plus(day, -1) },
      later: { from: plus(day, 10), to: plus(day, 19) },
    });
    // A departure 40 days on: not in the default window (from now, 30 days on), in the next one.
    const startsAt = DateTime.fromISO(`${day}T10:00`, { zone: acme.timezone });
    const slot = await world.createSlot(db(), acme.serviceId, {
      startsInHours: Math.round(startsAt.diff(DateTime.now(), "hours").hours),
    });
    const ids = (answer: typeof shown) => answer.body.data.departures.map((d: { id: string }) => d.id);
    expect(ids(await list(""))).not.toContain(slot.id);
    const next = await list(`from=${first.body.data.later.from}&to=${first.body.data.later.to}`);
    expect(next.body.data).toMatchObject({ from: plus(productToday, 31), to: plus(productToday, 61) });
    expect(ids(next)).toContain(slot.id);
    expect(ids(await list(`from=${day}&to=${day}`))).toContain(slot.id);

    for (const query of [
      "from=2026-02-30",
      "to=not-a-date",
      `from=${day}&to=${plus(day, -1)}`,
      `from=${day}&to=${plus(day, 121)}`,
      "from=9999-12-31&to=9999-12-31",
      "from=0001-01-01",
      `from=${"9".repeat(5000)}`,
      "service=..%2F..%2Fx",
    ]) {
      const refused = await list(query);
      expect(refused.status, query.slice(0, 60)).toBe(400);
      expect(refused.body.error.code).toBe("validation_error");
    }
    // The last day of the millennium starts a window: its neighbours are dates too.
    expect((await list("from=2999-12-31")).status).toBe(200);
  });
});
