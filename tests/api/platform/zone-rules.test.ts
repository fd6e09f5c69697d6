import { describe, expect, it } from "vitest";
import { getDb } from "~api/db/client";
import { zoneRuleDisagreements, zoneSampleInstants, zonesInUse } from "~api/db/zone-rules";

describe("zone rules: Node's and the database's (decision 055)", () => {
  it("agree for every zone in use, over the next year (British Columbia's permanent daylight time included)", async () => {
    const db = await getDb();
    const zones = await zonesInUse(db);
    expect(zones).toEqual(expect.arrayContaining(["America/New_York", "America/Vancouver", "Europe/Madrid"]));
    // A December evening in Vancouver: 23:10 under the old rules, 00:10 the next day under tzdata 2026.
    const instants = [new Date("2026-12-02T07:10:00Z"), ...zoneSampleInstants(new Date())];
    const found = await zoneRuleDisagreements(db, zones, instants);
    // Where this fails, the database's tzdata is older than Node's: `apt-get install tzdata`.
    expect(found).toEqual([]);
  });

  it("names each zone and instant the two read apart, with both readings", async () => {
    const db = await getDb();
    // "UTC+3" is three hours east to Node (luxon's fixed offset) and, POSIX-style, three hours west
    // to PostgreSQL: a zone whose rules really differ.
    const at = new Date("2026-12-02T07:10:00Z");
    const found = await zoneRuleDisagreements(db, ["UTC+3", "America/Denver"], [at]);
    expect(found).toEqual([
      { zone: "UTC+3", at: expect.any(String), node: "2026-12-02T10:10", database: "2026-12-02T04:10" },
    ]);
    expect(new Date(found[0].at).getTime()).toBe(at.getTime());
    expect(await zoneRuleDisagreements(db, [], [at])).toEqual([]);
  });

  it("samples now and every 15 days for a year", () => {
    const now = new Date("2026-12-02T07:10:00Z");
    const instants = zoneSampleInstants(now);
    expect(instants).toHaveLength(25);
    expect(instants[0]).toEqual(now);
    expect(instants[24].toISOString()).toBe("2027-11-27T07:10:00.000Z");
  });
});
