import { and, eq, isNotNull, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { slots } from "~api/db/schema";
import * as departures from "~/routes/_console.console.experiences.$experienceId.departures";
import * as schedule from "~/routes/_console.console.experiences.$experienceId.schedule";
import { bookingUser, confirmedBooking, createSlot, findService, type TestService } from "../api/helpers/booking";
import { seedDbForThisFile } from "../api/helpers/api";
import { withEmulatorUsers } from "../api/helpers/identity";
import { signedInUser } from "./helpers";
import { consoleLoad as load, consolePost as post, memberOf } from "./console-helpers";

const { db } = seedDbForThisFile();
withEmulatorUsers();

let acme: TestService;
const pages = () => {
  const params = { experienceId: acme.experienceId };
  const base = `/console/experiences/${acme.experienceId}`;
  return { params, schedulePath: `${base}/schedule`, departuresPath: `${base}/departures` };
};

describe("/console/experiences/:id/schedule and /departures", () => {
  it("guards: signed out to sign-in, a non-member 404, a guide 403, another operator's experience 404", async () => {
    acme = await findService(db(), "acme");
    const { params, schedulePath, departuresPath } = pages();
    const out = await load(schedule, schedulePath, null, params);
    expect(out.status).toBe(302);
    expect(out.location).toContain("/login?redirectUrl=");
    const stranger = await signedInUser();
    expect((await load(schedule, schedulePath, stranger.cookie, params)).status).toBe(404);
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
    const base = { intent: "schedule", serviceId: acme.serviceId, timezone: acme.timezone, salesCutoffMinutes: "0" };
    const invalid = await post(
      schedule,
      schedulePath,
      manager.cookie,
      { ...base, timezone: "Mars/Olympus", "rules[0].times": "9am", "rules[0].from": today },
      params,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.intent).toBe("schedule");
    expect(invalid.data.result.error).toMatchObject({
      timezone: ["schedules.timezoneInvalid"],
      "rules[0].weekdays": ["schedules.weekdaysRequired"],
      "rules[0].times": ["schedules.timesInvalid"],
    });

    const saved = await post(
      schedule,
      schedulePath,
      manager.cookie,
      {
        ...base,
        "rules[0].weekdays": "2",
        "rules[0].times": "06:50, 17:05",
        "rules[0].from": today,
        "rules[0].until": "",
        blackouts: "",
      },
      params,
    );
    expect(saved.status).toBe(302);
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
    const removed = await post(
      schedule,
      schedulePath,
      manager.cookie,
      {
        ...base,
        "rules[0].weekdays": "2",
        "rules[0].times": "06:50, 17:05",
        "rules[0].from": today,
        "rules[0].remove": "on",
      },
      params,
    );
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

    const refused = await post(
      departures,
      departuresPath,
      manager.cookie,
      { intent: "capacity", departureId: slot.id, capacity: "2" },
      params,
    );
    expect(refused.status).toBe(409);
    expect(refused.data.intent).toBe(`capacity:${slot.id}`);
    expect(refused.data.result.error).toEqual({ capacity: ["schedules.capacityBelowTaken:3"] });
    const invalid = await post(
      departures,
      departuresPath,
      manager.cookie,
      { intent: "capacity", departureId: slot.id, capacity: "0" },
      params,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error).toEqual({ capacity: ["schedules.capacityInvalid"] });
    const saved = await post(
      departures,
      departuresPath,
      manager.cookie,
      { intent: "capacity", departureId: slot.id, capacity: "3" },
      params,
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toContain("done=capacitySaved");

    const step = await load(departures, `${departuresPath}?cancel=${slot.id}`, manager.cookie, params);
    expect(step.data.cancel).toMatchObject({ id: slot.id, bookings: 1 });
    const cancelled = await post(
      departures,
      departuresPath,
      manager.cookie,
      { intent: "cancel", departureId: slot.id },
      params,
    );
    expect(cancelled.status).toBe(302);
    const [after] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect(after).toMatchObject({ status: "cancelled", seatsTaken: 0 });
    // A cancelled departure has no cancel step any more.
    expect(
      (await load(departures, `${departuresPath}?cancel=${slot.id}`, manager.cookie, params)).data.cancel,
    ).toBeNull();
  });
});
