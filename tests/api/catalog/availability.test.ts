import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { availabilityWindow } from "~api/bookings/availability";
import { bookings, slots } from "~api/db/schema";
import { expectEnvelope } from "../../support/api";
import {
  bookingWorld,
  bookingBody,
  bookingUser,
  createSlot,
  expireHoldNow,
  findService,
  placeBooking,
  seatsTaken,
  type TestService,
} from "../../support/booking";
import { call } from "../../support/identity";
import { countQueries } from "../../support/query-counter";
import { v1, v1Path } from "../../support/client";

const { db, acme } = bookingWorld();

const path = (service: TestService, query = "") =>
  `${v1Path("availability", { params: { parentId: service.experienceId, serviceId: service.serviceId } })}${query ? `?${query}` : ""}`;

const localDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Day = {
  date: string;
  seatsLeft: number;
  status: string;
  slots: Array<{ id: string; startsAt: string; endsAt: string; capacity: number; seatsLeft: number }>;
};

describe("GET …/services/{serviceId}/availability", () => {
  it("answers the operator's timezone and currency, the bookable range and six weeks of days from today", async () => {
    const res = await call(path(acme));
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(["currency", "days", "maxDate", "minDate", "timezone"]);
    expect(data).toMatchObject({ timezone: "America/New_York", currency: "USD" });
    const today = localDate(new Date(), acme.timezone);
    expect(data.minDate >= today).toBe(true);
    expect(data.maxDate > addDays(today, 50)).toBe(true);
    const days: Day[] = data.days;
    expect(days.length).toBeGreaterThan(20);
    expect(days[0].date >= today).toBe(true);
    expect(days[days.length - 1].date <= addDays(today, 41)).toBe(true);
    const now = Date.now();
    for (const day of days) {
      expect(Object.keys(day).sort()).toEqual(["date", "seatsLeft", "slots", "status"]);
      expect(day.slots.length).toBeGreaterThan(0);
      expect(day.seatsLeft).toBe(day.slots.reduce((sum, slot) => sum + slot.seatsLeft, 0));
      expect(day.status).toBe(day.seatsLeft === 0 ? "sold_out" : day.seatsLeft <= 5 ? "few" : "available");
      for (const slot of day.slots) {
        expect(Object.keys(slot).sort()).toEqual([
          "capacity",
          "endsAt",
          "freeCancellationUntil",
          "id",
          "seatsLeft",
          "startsAt",
        ]);
        expect(Date.parse(slot.startsAt)).toBeGreaterThan(now);
        expect(new Date(slot.startsAt).toISOString()).toBe(slot.startsAt);
        expect(localDate(new Date(slot.startsAt), acme.timezone)).toBe(day.date);
        expect(slot.seatsLeft).toBeGreaterThanOrEqual(0);
        expect(slot.seatsLeft).toBeLessThanOrEqual(slot.capacity);
      }
    }
    // Sorted by start, days ascending.
    const starts = days.flatMap((day) => day.slots.map((slot) => slot.startsAt));
    expect([...starts].sort()).toEqual(starts);
  });

  it("from/to pick the window (inclusive, operator-local days); at most 62 days; to not before from", async () => {
    const from = addDays(localDate(new Date(), acme.timezone), 3);
    const res = await call(path(acme, `from=${from}&to=${addDays(from, 6)}`));
    expect(res.status).toBe(200);
    const dates = res.body.data.days.map((day: Day) => day.date);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date: string) => date >= from && date <= addDays(from, 6))).toBe(true);
    expect((await call(path(acme, `from=${from}&to=${addDays(from, 61)}`))).status).toBe(200);
    expect(
      expectEnvelope(await call(path(acme, `from=${from}&to=${addDays(from, 62)}`)), 400, "validation_error").fields,
    ).toHaveProperty("to");
    expect(
      expectEnvelope(await call(path(acme, `from=${from}&to=${addDays(from, -1)}`)), 400, "validation_error").fields,
    ).toHaveProperty("to");
    expectEnvelope(await call(path(acme, "from=2026-02-30")), 400, "validation_error");
    expectEnvelope(await call(path(acme, "from=tomorrow")), 400, "validation_error");
    // A window entirely in the past: no days, but the bookable range is still given.
    const past = await call(path(acme, "from=2020-01-01&to=2020-01-31"));
    expect(past.body.data.days).toEqual([]);
    expect(past.body.data.minDate).not.toBeNull();
  });

  it("window defaults: today in the operator's timezone, and from + 41 days", () => {
    // 03:00 UTC is still the previous evening in New York.
    const now = new Date("2031-03-10T03:00:00Z");
    expect(availabilityWindow({}, "America/New_York", now)).toEqual({ from: "2031-03-09", to: "2031-04-19" });
    expect(availabilityWindow({}, "Europe/Lisbon", now)).toEqual({ from: "2031-03-10", to: "2031-04-20" });
    expect(availabilityWindow({ from: "2031-05-01" }, "UTC", now)).toEqual({ from: "2031-05-01", to: "2031-06-11" });
    expect(availabilityWindow({ to: "2031-03-20" }, "UTC", now)).toEqual({ from: "2031-03-10", to: "2031-03-20" });
  });

  it("seats left, few and sold out; departures that have started are left out", async () => {
    const few = await createSlot(db(), acme.serviceId, { startsInHours: 24 * 30, capacity: 10, seatsLeft: 3 });
    const full = await createSlot(db(), acme.serviceId, { startsInHours: 24 * 31, capacity: 10, seatsLeft: 0 });
    const started = await createSlot(db(), acme.serviceId, { startsInHours: -12, capacity: 10 });
    const res = await call(path(acme, `from=${localDate(new Date(Date.now() - 86_400_000), acme.timezone)}`));
    const all = res.body.data.days.flatMap((day: Day) => day.slots);
    expect(all.find((slot: { id: string }) => slot.id === few.id)).toMatchObject({ capacity: 10, seatsLeft: 3 });
    expect(all.find((slot: { id: string }) => slot.id === full.id)).toMatchObject({ capacity: 10, seatsLeft: 0 });
    expect(all.find((slot: { id: string }) => slot.id === started.id)).toBeUndefined();

    // A day with only a sold-out departure is sold_out; with 3 seats, few.
    const other = await findService(db(), "summit");
    const ahead = and(eq(slots.serviceId, other.serviceId), gt(slots.startsAt, sql`now()`));
    // The seed's bookings of those departures go with them.
    await db()
      .delete(bookings)
      .where(inArray(bookings.slotId, db().select({ id: slots.id }).from(slots).where(ahead)));
    await db().delete(slots).where(ahead);
    const lone = await createSlot(db(), other.serviceId, { startsInHours: 24 * 5, capacity: 4, seatsLeft: 0 });
    const lone2 = await createSlot(db(), other.serviceId, { startsInHours: 24 * 8, capacity: 12, seatsLeft: 5 });
    const lone3 = await createSlot(db(), other.serviceId, { startsInHours: 24 * 11, capacity: 12, seatsLeft: 6 });
    const days: Day[] = (await call(path(other))).body.data.days;
    expect(days.map((day) => [day.slots[0].id, day.status, day.seatsLeft])).toEqual([
      [lone.id, "sold_out", 0],
      [lone2.id, "few", 5],
      [lone3.id, "available", 6],
    ]);
    const range = (await call(path(other))).body.data;
    expect(range.minDate).toBe(localDate(lone.startsAt, other.timezone));
    expect(range.maxDate).toBe(localDate(lone3.startsAt, other.timezone));
  });

  it("seats of an expired hold count as free before the sweep has run", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 24 * 20, capacity: 6 });
    const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 4));
    expect(placed.status).toBe(201);
    const seatsLeftOf = async () => {
      const days: Day[] = (
        await call(
          path(acme, `from=${localDate(slot.startsAt, acme.timezone)}&to=${localDate(slot.startsAt, acme.timezone)}`),
        )
      ).body.data.days;
      return days.flatMap((day) => day.slots).find((candidate) => candidate.id === slot.id)!.seatsLeft;
    };
    expect(await seatsLeftOf()).toBe(2);
    await expireHoldNow(db(), placed.body.data.booking.id);
    expect(await seatsLeftOf()).toBe(6);
    // Read-only: the row still counts the seats until a sweep.
    expect(await seatsTaken(db(), slot.id)).toBe(4);
  });

  it("tenant scoped like the catalog; 404 for a service of another experience; two SQL statements", async () => {
    expect((await call(path(acme), { account: "acme" })).status).toBe(200);
    expectEnvelope(await call(path(acme), { account: "harbor" }), 404, "not_found");
    expectEnvelope(await call(path(acme), { account: "nope" }), 404, "account_not_found");
    const harbor = await findService(db(), "harbor");
    expectEnvelope(
      await v1.availability({ params: { parentId: acme.experienceId, serviceId: harbor.serviceId } }),
      404,
      "not_found",
    );
    expectEnvelope(
      await v1.availability({ params: { parentId: acme.experienceId, serviceId: "bad%20id" } }),
      400,
      "validation_error",
    );
    expect((await call(path(acme), { method: "POST", body: {} })).status).toBe(405);
    const queries = await countQueries(db(), () => call(path(acme)));
    expect(queries).toBe(2);
  });
});
