import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { expandRules, localToUtc } from "~api/schedules/expand";

const weekly = (
  weekdays: number[],
  startTimes: string[],
  validFrom = "2026-01-01",
  validUntil: string | null = null,
) => ({
  id: "rule-1",
  weekdays,
  startTimes,
  validFrom,
  validUntil,
});

/** The local wall time and UTC offset (hours) of each departure. */
const local = (instants: Date[], zone: string) =>
  instants.map((instant) => {
    const at = DateTime.fromJSDate(instant, { zone });
    return { date: at.toISODate(), time: at.toFormat("HH:mm"), offset: at.offset / 60 };
  });

describe("weekly rules across both daylight-saving changes of a year", () => {
  it.each([
    // zone, the Sunday of the spring change, the Sunday of the autumn change, winter and summer offsets
    ["Europe/Lisbon", "2026-03-29", "2026-10-25", 0, 1],
    ["America/New_York", "2026-03-08", "2026-11-01", -5, -4],
  ])(
    "%s: a Sunday 09:00 rule is 09:00 local every week; the UTC instant moves by the offset",
    (zone, spring, autumn, winter, summer) => {
      const departures = expandRules({
        zone,
        rules: [weekly([7], ["09:00"])],
        blackouts: [],
        from: "2026-01-01",
        through: "2026-12-31",
      });
      expect(departures).toHaveLength(52);
      const seen = local(
        departures.map((d) => d.startsAt),
        zone,
      );
      expect(seen.every((d) => d.time === "09:00")).toBe(true);
      for (const departure of departures) {
        const inSummer = departure.date >= spring && departure.date < autumn;
        const offset = inSummer ? summer : winter;
        expect(departure.startsAt.toISOString(), departure.date).toBe(
          `${departure.date}T${String(9 - offset).padStart(2, "0")}:00:00.000Z`,
        );
      }
      // The change days themselves: the week before and after differ by one hour in UTC, not locally.
      const around = (date: string) => departures.find((d) => d.date === date)!.startsAt.getTime();
      const weekBefore = DateTime.fromISO(spring).minus({ days: 7 }).toISODate()!;
      expect(around(spring) - around(weekBefore)).toBe(7 * 24 * 3_600_000 - 3_600_000);
      const autumnWeekBefore = DateTime.fromISO(autumn).minus({ days: 7 }).toISODate()!;
      expect(around(autumn) - around(autumnWeekBefore)).toBe(7 * 24 * 3_600_000 + 3_600_000);
    },
  );

  it("a daily rule makes one departure per local day, 23- and 25-hour days included", () => {
    const departures = expandRules({
      zone: "America/New_York",
      rules: [weekly([1, 2, 3, 4, 5, 6, 7], ["09:00"])],
      blackouts: [],
      from: "2026-03-06",
      through: "2026-03-10",
    });
    expect(
      local(
        departures.map((d) => d.startsAt),
        "America/New_York",
      ),
    ).toEqual([
      { date: "2026-03-06", time: "09:00", offset: -5 },
      { date: "2026-03-07", time: "09:00", offset: -5 },
      { date: "2026-03-08", time: "09:00", offset: -4 },
      { date: "2026-03-09", time: "09:00", offset: -4 },
      { date: "2026-03-10", time: "09:00", offset: -4 },
    ]);
  });
});

describe("local times that do not exist or happen twice", () => {
  it("02:30 on the spring-forward day does not exist: it moves forward by the gap (03:30 local)", () => {
    expect(localToUtc("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(localToUtc("2026-03-29", "01:30", "Europe/Lisbon").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    const [departure] = expandRules({
      zone: "America/New_York",
      rules: [weekly([7], ["02:30"])],
      blackouts: [],
      from: "2026-03-08",
      through: "2026-03-08",
    });
    expect(local([departure.startsAt], "America/New_York")).toEqual([
      { date: "2026-03-08", time: "03:30", offset: -4 },
    ]);
    // The other Sundays keep 02:30.
    expect(localToUtc("2026-03-15", "02:30", "America/New_York").toISOString()).toBe("2026-03-15T06:30:00.000Z");
  });

  it("01:30 on the fall-back day happens twice: the first one (the earlier offset)", () => {
    expect(localToUtc("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(localToUtc("2026-10-25", "01:30", "Europe/Lisbon").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    // Not ambiguous: one answer.
    expect(localToUtc("2026-11-01", "03:00", "America/New_York").toISOString()).toBe("2026-11-01T08:00:00.000Z");
  });
});

describe("blackouts and valid ranges", () => {
  it("no departure on a blackout date, none outside a rule's range; several times a day, several rules", () => {
    const departures = expandRules({
      zone: "Europe/Lisbon",
      rules: [
        weekly([1, 3], ["10:00", "14:30"], "2026-06-03", "2026-06-15"),
        { ...weekly([6], ["18:00"], "2026-06-13"), id: "rule-2" },
      ],
      blackouts: ["2026-06-08"],
      from: "2026-06-01",
      through: "2026-06-20",
    });
    expect(departures.map((d) => `${d.date} ${d.time} ${d.ruleId}`)).toEqual([
      "2026-06-03 10:00 rule-1",
      "2026-06-03 14:30 rule-1",
      // Monday 2026-06-08 is blacked out.
      "2026-06-10 10:00 rule-1",
      "2026-06-10 14:30 rule-1",
      "2026-06-13 18:00 rule-2",
      "2026-06-15 10:00 rule-1",
      "2026-06-15 14:30 rule-1",
      "2026-06-20 18:00 rule-2",
    ]);
    // Lisbon in June is UTC+1.
    expect(departures[0].startsAt.toISOString()).toBe("2026-06-03T09:00:00.000Z");
  });

  it("two rules making the same instant make one departure", () => {
    const departures = expandRules({
      zone: "UTC",
      rules: [weekly([1], ["09:00"]), { ...weekly([1], ["09:00"]), id: "rule-2" }],
      blackouts: [],
      from: "2026-06-01",
      through: "2026-06-07",
    });
    expect(departures.map((d) => d.ruleId)).toEqual(["rule-1"]);
  });
});
