import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  compareDates,
  dateToMonth,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  eachDay,
  endOfWeek,
  firstDayOfMonth,
  fromCalendarDate,
  isCalendarDate,
  isOffsetDay,
  lastDayOfMonth,
  monthGrid,
  monthOf,
  monthToDate,
  parseCalendarDate,
  startOfWeek,
  toCalendarDate,
  todayCalendarDate,
} from "~/features/booking/date-picker/dates";

describe("calendar days (YYYY-MM-DD)", () => {
  it("accepts only real days written YYYY-MM-DD", () => {
    expect(isCalendarDate("2025-01-31")).toBe(true);
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-04-31")).toBe(false);
    expect(isCalendarDate("2025-13-01")).toBe(false);
    expect(isCalendarDate("2025-1-5")).toBe(false);
    expect(isCalendarDate("2025-01-05T00:00:00Z")).toBe(false);
    expect(isCalendarDate("0000-01-01")).toBe(false);
    expect(isCalendarDate(20250105)).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
    expect(parseCalendarDate("2025-03-09")).toEqual({ year: 2025, month: 3, day: 9 });
  });

  it("knows month lengths and leap years", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it("converts to and from a Date at local midnight", () => {
    const date = fromCalendarDate("2025-03-30");
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([
      2025, 2, 30, 0, 0,
    ]);
    expect(toCalendarDate(date)).toBe("2025-03-30");
    expect(toCalendarDate(new Date(2025, 0, 5, 23, 59))).toBe("2025-01-05");
    // Years below 100 are not shifted to 19xx.
    expect(toCalendarDate(fromCalendarDate("0050-06-01"))).toBe("0050-06-01");
    expect(() => fromCalendarDate("2025-02-30")).toThrow(RangeError);
  });

  it("takes today from the local clock", () => {
    expect(todayCalendarDate(new Date(2025, 6, 4, 8))).toBe("2025-07-04");
  });

  it("adds days across months, years and daylight-saving changes", () => {
    expect(addDays("2025-01-31", 1)).toBe("2025-02-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2025-03-29", 2)).toBe("2025-03-31");
    expect(addDays("2025-10-25", 3)).toBe("2025-10-28");
    expect(addDays("2025-01-10", 0)).toBe("2025-01-10");
  });

  it("compares days and counts the days between them", () => {
    expect(compareDates("2025-01-01", "2025-01-02")).toBe(-1);
    expect(compareDates("2025-01-02", "2025-01-02")).toBe(0);
    expect(compareDates("2025-02-01", "2025-01-31")).toBe(1);
    expect(daysBetween("2025-01-01", "2025-01-01")).toBe(0);
    expect(daysBetween("2025-01-01", "2025-01-31")).toBe(30);
    expect(daysBetween("2025-03-01", "2025-02-01")).toBe(-28);
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
    expect(eachDay("2025-01-30", "2025-02-02")).toEqual(["2025-01-30", "2025-01-31", "2025-02-01", "2025-02-02"]);
    expect(eachDay("2025-01-02", "2025-01-01")).toEqual([]);
  });

  it("finds the day of the week and the week's start for any weekStartsOn", () => {
    expect(dayOfWeek("2025-01-05")).toBe(0); // a Sunday
    expect(dayOfWeek("2025-01-08")).toBe(3);
    expect(startOfWeek("2025-01-08", 0)).toBe("2025-01-05");
    expect(startOfWeek("2025-01-08", 1)).toBe("2025-01-06");
    expect(startOfWeek("2025-01-05", 1)).toBe("2024-12-30");
    expect(startOfWeek("2025-01-08", 3)).toBe("2025-01-08");
    expect(startOfWeek("2025-01-08", 6)).toBe("2025-01-04");
    expect(endOfWeek("2025-01-08", 1)).toBe("2025-01-12");
  });

  it("does month arithmetic", () => {
    expect(monthOf("2025-07-19")).toBe("2025-07");
    expect(firstDayOfMonth("2025-07")).toBe("2025-07-01");
    expect(lastDayOfMonth("2024-02")).toBe("2024-02-29");
    expect(addMonths("2025-11", 2)).toBe("2026-01");
    expect(addMonths("2025-01", -1)).toBe("2024-12");
    expect(addMonths("2025-01", -13)).toBe("2023-12");
    expect(dateToMonth(monthToDate("2025-09"))).toBe("2025-09");
  });
});

describe("month grid", () => {
  it("pads the month to whole weeks with offset days", () => {
    // February 2026 starts on a Sunday and has 28 days: exactly 4 weeks, Sunday first.
    const feb = monthGrid("2026-02", { weekStartsOn: 0 });
    expect(feb).toHaveLength(4);
    expect(feb.flat().every((d) => !d.outside)).toBe(true);

    const jan = monthGrid("2025-01", { weekStartsOn: 0 });
    expect(jan).toHaveLength(5);
    expect(jan[0]![0]).toEqual({ date: "2024-12-29", outside: true });
    expect(jan[0]![3]).toEqual({ date: "2025-01-01", outside: false });
    expect(jan[4]![6]).toEqual({ date: "2025-02-01", outside: true });
  });

  it("starts weeks on the configured day", () => {
    const jan = monthGrid("2025-01", { weekStartsOn: 1 });
    expect(jan[0]![0]!.date).toBe("2024-12-30");
    expect(jan.every((week) => dayOfWeek(week[0]!.date) === 1)).toBe(true);
  });

  it("always shows six weeks with the sixWeeks option", () => {
    const feb = monthGrid("2026-02", { weekStartsOn: 0, sixWeeks: true });
    expect(feb).toHaveLength(6);
    expect(feb.flat()).toHaveLength(42);
    expect(feb[5]![6]).toEqual({ date: "2026-03-14", outside: true });
    expect(monthGrid("2025-03", { sixWeeks: true })).toHaveLength(6);
  });

  it("tells offset days from the month's own days", () => {
    expect(isOffsetDay("2025-02-01", "2025-01")).toBe(true);
    expect(isOffsetDay("2025-01-31", "2025-01")).toBe(false);
  });
});
