import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { experiences } from "~api/db/schema";
import * as pickups from "~/routes/_console.console.experiences.$experienceId.pickup-points";
import { identityWorld } from "../support/identity";
import { experiencePage, memberOf } from "../support/console-routes";
import { pickupPointsOffered } from "../support/experience-extras";
import { auditEntries } from "../support/operator";

const { db } = identityWorld();

const EXPERIENCE = "brooklyn-bridge-sunrise-walk";
const { load, post, expectGuarded } = experiencePage(pickups, "pickup-points", EXPERIENCE);

const offered = () => pickupPointsOffered(db(), EXPERIENCE);

const required = async () =>
  (await db().select({ on: experiences.pickupRequired }).from(experiences).where(eq(experiences.id, EXPERIENCE)))[0].on;

describe("/console/experiences/:experienceId/pickup-points", () => {
  it("signed out: sign in; another operator's experience: 404; a guide: 403", async () => {
    await expectGuarded(db(), { intent: "add", name: "Hotel", minutesBefore: "30" });
  });

  it("adds two points, refuses bad ones on their field, changes one, requires a point, removes one", async () => {
    const manager = await memberOf(db(), "manager");
    const hotel = {
      name: "Hotel Avenida",
      address: "Av. da Liberdade 1",
      minutesBefore: "30",
      latitude: "38.7169",
      longitude: "-9.1399",
    };
    const station = { name: "Rossio station", minutesBefore: "15" };
    for (const form of [hotel, station])
      expect((await post(manager.cookie, { intent: "add", ...form })).status).toBe(302);
    expect(await offered()).toMatchObject([
      {
        name: "Hotel Avenida",
        address: "Av. da Liberdade 1",
        minutesBefore: 30,
        latitude: 38.7169,
        longitude: -9.1399,
      },
      { name: "Rossio station", address: "", minutesBefore: 15, latitude: null, longitude: null },
    ]);
    const page = await load(manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data.title).toBe("Pickup points: Brooklyn Bridge Sunrise Walk");
    expect(page.data.page).toMatchObject({ required: false, points: [{ name: "Hotel Avenida" }, {}] });
    const [entry] = await auditEntries(db(), "pickup_points.set", manager.user.uid);
    expect(entry).toBeDefined();

    const refusals: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ name: "", minutesBefore: "10" }, { name: ["pickupPoints.nameRequired"] }],
      [{ name: "Pier", minutesBefore: "721" }, { minutesBefore: ["pickupPoints.tooBig"] }],
      [{ name: "Pier", minutesBefore: "-1" }, { minutesBefore: ["pickupPoints.tooSmall"] }],
      [{ name: "Pier", minutesBefore: "ten" }, { minutesBefore: ["pickupPoints.wholeNumber"] }],
      [
        { name: "Pier", minutesBefore: "10", latitude: "91", longitude: "0" },
        { latitude: ["pickupPoints.latitude_invalid"] },
      ],
      [{ name: "Pier", minutesBefore: "10", latitude: "38.7" }, { longitude: ["pickupPoints.coordinatesBoth"] }],
    ];
    for (const [fields, errors] of refusals) {
      const refused = await post(manager.cookie, { intent: "add", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.result.error).toMatchObject(errors);
    }
    expect(await offered()).toHaveLength(2);

    const [first, second] = await offered();
    const changed = await post(manager.cookie, {
      intent: "edit",
      pickupPointId: first.id,
      name: "Hotel Avenida Palace",
      address: "",
      minutesBefore: "45",
      latitude: "",
      longitude: "",
    });
    expect(changed.status).toBe(302);
    expect(await offered()).toMatchObject([
      { id: first.id, name: "Hotel Avenida Palace", address: "", minutesBefore: 45, latitude: null },
      { id: second.id, name: "Rossio station" },
    ]);
    const refusedEdit = await post(manager.cookie, {
      intent: "edit",
      pickupPointId: second.id,
      name: "Rossio",
      minutesBefore: "800",
    });
    expect(refusedEdit.status).toBe(400);
    expect(refusedEdit.data.intent).toBe(`edit:${second.id}`);

    expect((await post(manager.cookie, { intent: "required", required: "on" })).status).toBe(302);
    expect(await required()).toBe(true);
    const removed = await post(manager.cookie, { intent: "remove", pickupPointId: first.id });
    expect(removed.status).toBe(302);
    expect((await offered()).map((row) => row.name)).toEqual(["Rossio station"]);
    expect(await required()).toBe(true);
    expect((await post(manager.cookie, { intent: "required" })).status).toBe(302);
    expect(await required()).toBe(false);
  });
});
