import { and, eq, isNotNull, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { experiences, slots } from "~api/db/schema";
import * as departures from "~/routes/_console.console.experiences.$experienceId.departures";
import * as schedule from "~/routes/_console.console.experiences.$experienceId.schedule";
import { bookingUser, confirmedBooking, createSlot, findService, type TestService } from "../support/booking";
import { identityWorld } from "../support/identity";
import { consoleLoad as load, consolePost as post, expectTeamOnly, memberOf } from "../support/console-routes";

const { db } = identityWorld();

let acme: TestService;
const pages = () => {
  const params = { experienceId: acme.experienceId };
  const base = `/console/experiences/${acme.experienceId}`;
  return { params, schedulePath: `${base}/schedule`, departuresPath: `${base}/departures` };
};
/** A form posted on acme's schedule page (or its departures page, `path` with its query if any). */
const postSchedule = (cookie: string, form: Record<string, string>) =>
  post(schedule, pages().schedulePath, cookie, form, pages().params);
const postDepartures = (cookie: string, form: Record<string, string>, path = pages().departuresPath) =>
  post(departures, path, cookie, form, pages().params);

describe("/console/experiences/:id/schedule and /departures", () => {
  it("guards: signed out to sign-in, a non-member 404, a guide 403, another operator's experience 404", async () => {
    acme = await findService(db(), "acme");
    const { params, schedulePath, departuresPath } = pages();
    const stranger = await expectTeamOnly(schedulePath, (cookie) => load(schedule, schedulePath, cookie, params));
    expect((await load(departures, departuresPath, stranger.cookie, params)).status).toBe(404);
    const guide = await memberOf(db(), "guide");
    expect((await load(schedule, schedulePath, guide.cookie, params)).status).toBe(403);
    expect((await load(departures, departuresPath, guide.cookie, params)).status).toBe(403);
    expect(
      (await post(departures, departuresPath, guide.cookie, { intent: "keep", departureId: "x" }, params)).status,
    ).toBe(403);
    const manager = await memberOf(db(), "manager");
    const harbor = await findService(db(), "harbor");
    const other = { experienceId: harbor.experienceId };
    expect(
      (await load(schedule, `/console/experiences/${harbor.experienceId}/schedule`, manager.cookie, other)).status,
    ).toBe(404);
    expect(
      (await load(departures, `/console/experiences/${harbor.experienceId}/departures`, manager.cookie, other)).status,
    ).toBe(404);
  });

  it("the schedule form: its own rules in words, then a weekly rule saved, the answer says what changed", async () => {
    const { params, schedulePath } = pages();
    const manager = await memberOf(db(), "manager");
    const page = await load(schedule, schedulePath, manager.cookie, params);
    expect(page.status).toBe(200);
    expect(page.data.schedule.service.id).toBe(acme.serviceId);
    expect(page.data.schedule.experience.timezone).toBe(acme.timezone);

    const today = DateTime.now().setZone(acme.timezone).toISODate()!;
    const base = { intent: "schedule", serviceId: acme.serviceId, salesCutoffMinutes: "0" };
    const invalid = await postSchedule(manager.cookie, { ...base, "rules[0].times": "9am", "rules[0].from": today });
    expect(invalid.status).toBe(400);
    expect(invalid.data.intent).toBe("schedule");
    expect(invalid.data.result.error).toEqual({
      "rules[0].weekdays": ["schedules.weekdaysRequired"],
      "rules[0].times": ["schedules.timesInvalid"],
    });

    const saved = await postSchedule(manager.cookie, {
      ...base,
      "rules[0].weekdays": "2",
      "rules[0].times": "06:50, 17:05",
      "rules[0].from": today,
      "rules[0].until": "",
      blackouts: "",
      // The zone is the experience's, asked on its details page: one posted here changes nothing.
      timezone: "Europe/Lisbon",
    });
    expect(saved.status).toBe(302);
    const [experience] = await db().select().from(experiences).where(eq(experiences.id, acme.experienceId));
    expect(experience.timezone).toBe(acme.timezone);
    const answer = new URL(saved.location!, "http://x");
    expect(answer.pathname).toBe(schedulePath);
    const created = Number(answer.searchParams.get("created"));
    expect(created).toBeGreaterThanOrEqual(32);
    const made = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(slots)
      .where(and(eq(slots.serviceId, acme.serviceId), isNotNull(slots.ruleId)));
    expect(made[0].n).toBe(created);
    const shown = await load(schedule, `${answer.pathname}${answer.search}`, manager.cookie, params);
    expect(shown.data.outcome).toEqual({ created, removed: 0, kept: 0 });
    expect(shown.data.schedule.rules).toMatchObject([{ weekdays: [2], startTimes: ["06:50", "17:05"] }]);

    // Removing the rule removes its departures.
    const removed = await postSchedule(manager.cookie, {
      ...base,
      "rules[0].weekdays": "2",
      "rules[0].times": "06:50, 17:05",
      "rules[0].from": today,
      "rules[0].remove": "on",
    });
    expect(new URL(removed.location!, "http://x").searchParams.get("removed")).toBe(String(created));
  });

  it("the departures page: capacity below the seats sold is refused in words with the count; a cancel step says who is refunded", async () => {
    const { params, departuresPath } = pages();
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10, startsInHours: 24 * 3 });
    const guest = await bookingUser(acme);
    await confirmedBooking(guest, acme, slot.id, 3);
    const listed = await load(departures, departuresPath, manager.cookie, params);
    expect(listed.status).toBe(200);
    const row = listed.data.list.departures.find((d: { id: string }) => d.id === slot.id);
    expect(row).toMatchObject({ capacity: 10, seatsSold: 3, seatsHeld: 0, bookings: 1, status: "open" });

    const refused = await postDepartures(manager.cookie, { intent: "capacity", departureId: slot.id, capacity: "2" });
    expect(refused.status).toBe(409);
    expect(refused.data.intent).toBe(`capacity:${slot.id}`);
    expect(refused.data.result.error).toEqual({ capacity: ["schedules.capacityBelowTaken:3"] });
    const invalid = await postDepartures(manager.cookie, { intent: "capacity", departureId: slot.id, capacity: "0" });
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error).toEqual({ capacity: ["schedules.capacityInvalid"] });
    const saved = await postDepartures(manager.cookie, { intent: "capacity", departureId: slot.id, capacity: "3" });
    expect(saved.status).toBe(302);
    expect(saved.location).toContain("done=capacitySaved");

    const step = await load(departures, `${departuresPath}?cancel=${slot.id}`, manager.cookie, params);
    expect(step.data.cancel).toMatchObject({ id: slot.id, bookings: 1 });
    const cancelled = await postDepartures(manager.cookie, { intent: "cancel", departureId: slot.id });
    expect(cancelled.status).toBe(302);
    const [after] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect(after).toMatchObject({ status: "cancelled", seatsTaken: 0 });
    // A cancelled departure has no cancel step any more.
    expect(
      (await load(departures, `${departuresPath}?cancel=${slot.id}`, manager.cookie, params)).data.cancel,
    ).toBeNull();
  });

  it("the departures page: pages of days before and after, any from/to; dates that cannot be a range give the next 30 days and say so; a service that is not one: 404", async () => {
    const { params, departuresPath } = pages();
    const manager = await memberOf(db(), "manager");
    const first = await load(departures, departuresPath, manager.cookie, params);
    expect(first.status).toBe(200);
    const today = first.data.list.from as string;
    const plus = (days: number) => DateTime.fromISO(today).plus({ days }).toISODate()!;
    expect(first.data).toMatchObject({ range: {}, invalidRange: false, maxDays: 120 });
    expect(first.data.list).toMatchObject({ to: plus(30), later: { from: plus(31), to: plus(61) } });

    // The next window, by its address: a departure 45 days on is in it.
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 45 * 24 });
    expect(first.data.list.departures.some((d: { id: string }) => d.id === slot.id)).toBe(false);
    const next = await load(departures, `${departuresPath}?from=${plus(31)}&to=${plus(61)}`, manager.cookie, params);
    expect(next.status).toBe(200);
    expect(next.data).toMatchObject({ range: { from: plus(31), to: plus(61) }, invalidRange: false });
    expect(next.data.list.departures.some((d: { id: string }) => d.id === slot.id)).toBe(true);
    expect(next.data.list.earlier).toEqual({ from: plus(0), to: plus(30) });

    // An action on that page comes back to the same dates.
    const saved = await postDepartures(
      manager.cookie,
      { intent: "capacity", departureId: slot.id, capacity: "9" },
      `${departuresPath}?from=${plus(31)}&to=${plus(61)}`,
    );
    expect(saved.status).toBe(302);
    const back = new URL(saved.location!, "http://x").searchParams;
    expect([back.get("from"), back.get("to"), back.get("done")]).toEqual([plus(31), plus(61), "capacitySaved"]);

    for (const query of [
      "from=2026-02-30",
      "to=tomorrow",
      `from=${plus(10)}&to=${plus(5)}`,
      `from=${plus(0)}&to=${plus(200)}`,
      "from=9999-12-31",
      `from=${"1".repeat(20_000)}`,
      "from=%00&to=%00",
    ]) {
      const shown = await load(departures, `${departuresPath}?${query}`, manager.cookie, params);
      expect(shown.status, query.slice(0, 40)).toBe(200);
      expect(shown.data.invalidRange, query.slice(0, 40)).toBe(true);
      expect(shown.data.list).toMatchObject({ from: today, to: plus(30) });
    }
    for (const service of ["..%2F..%2Fetc", "x".repeat(100), "no-such-service"]) {
      const missing = await load(departures, `${departuresPath}?service=${service}`, manager.cookie, params);
      expect(missing.status, service).toBe(404);
    }
  });
});
