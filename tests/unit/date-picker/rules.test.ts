import { describe, expect, it } from "vitest";
import {
  asAutoApplyInvalid,
  clampMonth,
  compareTimes,
  createThrottle,
  DATE_PICKER_EVENTS,
  dateInvalidReason,
  eventMessageKey,
  firstDisabledInside,
  indexMarkers,
  initialMonth,
  isDateDisabled,
  isRangeComplete,
  isTimeShapeValid,
  markerTexts,
  matchesDisabledDay,
  MAX_RANGE_TIME_ENTRIES,
  navigationBounds,
  normalizeRange,
  rangeLength,
  reasonMessageKey,
  selectableMonths,
  selectableYears,
  selectRangeDay,
  shiftMonth,
  SIX_WEEKS,
  SWIPE_THRESHOLD_PX,
  swipeDirection,
  timesOverlap,
  toggleDate,
  validateMultiple,
  validateRange,
  validateRangeTimes,
  validateSingle,
  validateTime,
  wheelDirection,
  WHEEL_THROTTLE_MS,
  type DateRules,
  type DayMarker,
  type TimeValue,
} from "~/features/booking/date-picker/rules";

const time = (hours: number, minutes = 0, seconds = 0): TimeValue => ({ hours, minutes, seconds });

describe("spec section 9 constants", () => {
  it("has the spec's values", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(10);
    expect(WHEEL_THROTTLE_MS).toBe(50);
    expect(SIX_WEEKS).toBe(6);
    expect(MAX_RANGE_TIME_ENTRIES).toBe(2);
  });
});

describe("spec section 8 events", () => {
  it("lists the four date picker events", () => {
    expect([...DATE_PICKER_EVENTS]).toEqual([
      "invalid-date",
      "invalid-select",
      "invalid-fixed-range",
      "auto-apply-invalid",
    ]);
  });

  it("maps events and reasons to locale keys", () => {
    expect(eventMessageKey("invalid-fixed-range")).toBe("datePicker.events.invalidFixedRange");
    expect(reasonMessageKey("before-min")).toBe("datePicker.reasons.beforeMin");
  });

  it("re-labels a failure as auto-apply-invalid, keeping the reason", () => {
    expect(asAutoApplyInvalid({ ok: false, event: "invalid-select", reason: "range-too-long" })).toEqual({
      ok: false,
      event: "auto-apply-invalid",
      reason: "range-too-long",
    });
  });
});

describe("isDateDisabled (spec section 5: a disabled date is invalid)", () => {
  it("allows any real day when there are no rules", () => {
    expect(isDateDisabled("2025-01-15")).toBe(false);
  });

  it("disables a malformed day", () => {
    expect(isDateDisabled("2025-02-30")).toBe(true);
    expect(dateInvalidReason("15/01/2025")).toBe("malformed");
  });

  it("disables the days in the disabledDates list", () => {
    const rules: DateRules = { disabledDates: ["2025-01-15", "2025-01-20"] };
    expect(isDateDisabled("2025-01-15", rules)).toBe(true);
    expect(dateInvalidReason("2025-01-20", rules)).toBe("disabled-date");
    expect(isDateDisabled("2025-01-16", rules)).toBe(false);
  });

  it("disables days matched by a disabledDays predicate (days of the week)", () => {
    const weekends: DateRules = { disabledDays: [{ daysOfWeek: [0, 6] }] };
    expect(dateInvalidReason("2025-01-04", weekends)).toBe("disabled-day"); // Saturday
    expect(isDateDisabled("2025-01-05", weekends)).toBe(true); // Sunday
    expect(isDateDisabled("2025-01-06", weekends)).toBe(false); // Monday
  });

  it("disables days matched by a function predicate", () => {
    const firstOfMonth: DateRules = { disabledDays: [(date) => date.endsWith("-01")] };
    expect(isDateDisabled("2025-03-01", firstOfMonth)).toBe(true);
    expect(isDateDisabled("2025-03-02", firstOfMonth)).toBe(false);
    expect(matchesDisabledDay("2025-01-08", { daysOfWeek: [3] })).toBe(true);
  });

  it("disables days before minDate and after maxDate, both bounds included as selectable", () => {
    const rules: DateRules = { minDate: "2025-01-10", maxDate: "2025-01-20" };
    expect(dateInvalidReason("2025-01-09", rules)).toBe("before-min");
    expect(isDateDisabled("2025-01-10", rules)).toBe(false);
    expect(isDateDisabled("2025-01-20", rules)).toBe(false);
    expect(dateInvalidReason("2025-01-21", rules)).toBe("after-max");
  });

  it("disables an offset day only when offset dates are hidden", () => {
    const context = { displayMonth: "2025-01" };
    expect(isDateDisabled("2025-02-01", {}, context)).toBe(false);
    expect(dateInvalidReason("2025-02-01", { hideOffsetDates: true }, context)).toBe("hidden-offset-day");
    expect(isDateDisabled("2025-01-31", { hideOffsetDates: true }, context)).toBe(false);
    // Without a displayed month there is no offset day.
    expect(isDateDisabled("2025-02-01", { hideOffsetDates: true })).toBe(false);
  });
});

describe("validateSingle", () => {
  it("accepts a valid day", () => {
    expect(validateSingle("2025-01-15")).toEqual({ ok: true, value: "2025-01-15" });
  });

  it("reports no day as invalid-select", () => {
    expect(validateSingle(null)).toEqual({ ok: false, event: "invalid-select", reason: "empty" });
    expect(validateSingle(undefined)).toMatchObject({ ok: false, reason: "empty" });
  });

  it("reports a disabled day as invalid-date with the day and the reason", () => {
    expect(validateSingle("2025-01-05", { minDate: "2025-01-10" })).toEqual({
      ok: false,
      event: "invalid-date",
      reason: "before-min",
      date: "2025-01-05",
    });
    expect(validateSingle("2025-02-01", { hideOffsetDates: true }, { displayMonth: "2025-01" })).toMatchObject({
      reason: "hidden-offset-day",
    });
    expect(validateSingle("nope")).toEqual({ ok: false, event: "invalid-date", reason: "malformed" });
  });
});

describe("ranges", () => {
  it("normalizeRange swaps an end before the start (spec section 4)", () => {
    expect(normalizeRange({ start: "2025-01-20", end: "2025-01-10" })).toEqual({
      start: "2025-01-10",
      end: "2025-01-20",
    });
    expect(normalizeRange({ start: "2025-01-10", end: "2025-01-20" })).toEqual({
      start: "2025-01-10",
      end: "2025-01-20",
    });
    expect(normalizeRange({ start: "2025-01-10", end: null })).toEqual({ start: "2025-01-10", end: null });
  });

  it("rangeLength counts the days from start to end", () => {
    expect(rangeLength("2025-01-10", "2025-01-10")).toBe(0);
    expect(rangeLength("2025-01-10", "2025-01-13")).toBe(3);
    expect(rangeLength("2025-01-13", "2025-01-10")).toBe(3);
  });

  it("isRangeComplete needs both ends", () => {
    expect(isRangeComplete({ start: "2025-01-10", end: "2025-01-12" })).toBe(true);
    expect(isRangeComplete({ start: "2025-01-10", end: null })).toBe(false);
    expect(isRangeComplete(null)).toBe(false);
  });

  describe("validateRange", () => {
    it("is valid with two valid dates", () => {
      expect(validateRange({ start: "2025-01-10", end: "2025-01-12" })).toEqual({
        ok: true,
        value: { start: "2025-01-10", end: "2025-01-12" },
      });
    });

    it("swaps an end before the start and returns the swapped range", () => {
      expect(validateRange({ start: "2025-01-12", end: "2025-01-10" })).toEqual({
        ok: true,
        value: { start: "2025-01-10", end: "2025-01-12" },
      });
    });

    it("accepts a same-day range", () => {
      expect(validateRange({ start: "2025-01-10", end: "2025-01-10" }).ok).toBe(true);
    });

    it("is invalid with one date unless partial ranges are allowed", () => {
      expect(validateRange({ start: "2025-01-10", end: null })).toEqual({
        ok: false,
        event: "invalid-select",
        reason: "incomplete-range",
      });
      expect(validateRange({ start: "2025-01-10", end: null }, { allowPartialRange: true })).toEqual({
        ok: true,
        value: { start: "2025-01-10", end: null },
      });
      expect(validateRange({ start: null, end: "2025-01-10" }, { allowPartialRange: true }).ok).toBe(true);
    });

    it("is invalid with no dates at all, partial or not", () => {
      expect(validateRange({ start: null, end: null }, { allowPartialRange: true })).toMatchObject({
        ok: false,
        event: "invalid-select",
        reason: "empty",
      });
      expect(validateRange(null)).toMatchObject({ ok: false, reason: "empty" });
    });

    it("is invalid when an end is a disabled date (invalid-date)", () => {
      expect(validateRange({ start: "2025-01-10", end: "2025-01-12" }, { disabledDates: ["2025-01-12"] })).toEqual({
        ok: false,
        event: "invalid-date",
        reason: "disabled-date",
        date: "2025-01-12",
      });
      expect(validateRange({ start: "2025-01-08", end: "2025-01-12" }, { minDate: "2025-01-09" })).toMatchObject({
        reason: "before-min",
        date: "2025-01-08",
      });
      expect(
        validateRange({ start: "2025-01-08", end: null }, { allowPartialRange: true, maxDate: "2025-01-01" }),
      ).toMatchObject({ reason: "after-max" });
    });

    it("noDisabledInRange forbids a disabled day inside the range", () => {
      const rules = { disabledDates: ["2025-01-11"], noDisabledInRange: true };
      expect(validateRange({ start: "2025-01-10", end: "2025-01-12" }, rules)).toEqual({
        ok: false,
        event: "invalid-select",
        reason: "disabled-in-range",
        date: "2025-01-11",
      });
      // Without the option the same range is fine.
      expect(validateRange({ start: "2025-01-10", end: "2025-01-12" }, { disabledDates: ["2025-01-11"] }).ok).toBe(
        true,
      );
      // Disabled weekdays inside count too.
      expect(
        validateRange(
          { start: "2025-01-03", end: "2025-01-06" },
          { disabledDays: [{ daysOfWeek: [0, 6] }], noDisabledInRange: true },
        ),
      ).toMatchObject({
        reason: "disabled-in-range",
        date: "2025-01-04",
      });
    });

    it("firstDisabledInside looks strictly between the ends", () => {
      expect(
        firstDisabledInside("2025-01-10", "2025-01-12", { disabledDates: ["2025-01-10", "2025-01-12"] }),
      ).toBeNull();
      expect(firstDisabledInside("2025-01-10", "2025-01-14", { disabledDates: ["2025-01-13", "2025-01-12"] })).toBe(
        "2025-01-12",
      );
    });

    it.each([
      ["minRangeLength rejects a shorter range", { minRangeLength: 2 }, "2025-01-11", "2025-01-12", "range-too-short"],
      ["maxRangeLength rejects a longer range", { maxRangeLength: 7 }, "2025-01-18", "2025-01-17", "range-too-long"],
    ] as const)("%s", (_rule, limit, refused, kept, reason) => {
      expect(validateRange({ start: "2025-01-10", end: refused }, limit)).toEqual({
        ok: false,
        event: "invalid-select",
        reason,
      });
      expect(validateRange({ start: "2025-01-10", end: kept }, limit).ok).toBe(true);
    });

    it("does not apply length limits to a partial range", () => {
      expect(validateRange({ start: "2025-01-10", end: null }, { allowPartialRange: true, minRangeLength: 3 }).ok).toBe(
        true,
      );
    });

    const fixedRangeRefused = (reason: string, date: string) => ({
      ok: false,
      event: "invalid-fixed-range",
      reason,
      date,
    });

    it("fixedStart: a selection that moves the start is invalid-fixed-range", () => {
      const previous = { start: "2025-01-10", end: "2025-01-12" };
      expect(validateRange({ start: "2025-01-10", end: "2025-01-15" }, { fixedStart: true }, previous).ok).toBe(true);
      expect(validateRange({ start: "2025-01-08", end: "2025-01-10" }, { fixedStart: true }, previous)).toEqual(
        fixedRangeRefused("fixed-start-moved", "2025-01-10"),
      );
    });

    it("fixedEnd: a selection that changes the end is invalid-fixed-range", () => {
      const previous = { start: "2025-01-10", end: "2025-01-20" };
      expect(validateRange({ start: "2025-01-15", end: "2025-01-20" }, { fixedEnd: true }, previous).ok).toBe(true);
      expect(validateRange({ start: "2025-01-15", end: "2025-01-22" }, { fixedEnd: true }, previous)).toEqual(
        fixedRangeRefused("fixed-end-moved", "2025-01-20"),
      );
      // A click after the fixed end swaps into a range whose end moved: refused too.
      expect(
        validateRange(normalizeRange({ start: "2025-01-25", end: "2025-01-20" }), { fixedEnd: true }, previous),
      ).toMatchObject({
        event: "invalid-fixed-range",
      });
    });

    it("fixed ends only bind once they are set", () => {
      expect(
        validateRange(
          { start: "2025-01-15", end: "2025-01-22" },
          { fixedEnd: true, fixedStart: true },
          { start: null, end: null },
        ).ok,
      ).toBe(true);
      expect(validateRange({ start: "2025-01-15", end: "2025-01-22" }, { fixedStart: true }).ok).toBe(true);
    });
  });

  describe("selectRangeDay (from start chosen to end chosen)", () => {
    it("sets the start first, then the end", () => {
      const first = selectRangeDay({ start: null, end: null }, "2025-01-10");
      expect(first).toEqual({ start: "2025-01-10", end: null });
      expect(selectRangeDay(first, "2025-01-14")).toEqual({ start: "2025-01-10", end: "2025-01-14" });
    });

    it("swaps an end chosen before the start", () => {
      expect(selectRangeDay({ start: "2025-01-10", end: null }, "2025-01-05")).toEqual({
        start: "2025-01-05",
        end: "2025-01-10",
      });
    });

    it("starts over after a complete range", () => {
      expect(selectRangeDay({ start: "2025-01-10", end: "2025-01-12" }, "2025-01-20")).toEqual({
        start: "2025-01-20",
        end: null,
      });
    });

    it("with fixedStart only moves the end", () => {
      expect(selectRangeDay({ start: "2025-01-10", end: "2025-01-12" }, "2025-01-20", { fixedStart: true })).toEqual({
        start: "2025-01-10",
        end: "2025-01-20",
      });
    });

    it("with fixedEnd only moves the start", () => {
      expect(selectRangeDay({ start: "2025-01-10", end: "2025-01-20" }, "2025-01-15", { fixedEnd: true })).toEqual({
        start: "2025-01-15",
        end: "2025-01-20",
      });
    });
  });
});

describe("validateMultiple", () => {
  it("accepts valid dates, sorted and without repeats", () => {
    expect(validateMultiple(["2025-01-12", "2025-01-10", "2025-01-12"])).toEqual({
      ok: true,
      value: ["2025-01-10", "2025-01-12"],
    });
    expect(validateMultiple([])).toEqual({ ok: true, value: [] });
  });

  it("rejects a list containing a disabled date", () => {
    expect(validateMultiple(["2025-01-10", "2025-01-11"], { disabledDates: ["2025-01-11"] })).toEqual({
      ok: false,
      event: "invalid-date",
      reason: "disabled-date",
      date: "2025-01-11",
    });
  });

  it("allows at most maxDates dates", () => {
    expect(validateMultiple(["2025-01-10", "2025-01-11"], { maxDates: 2 }).ok).toBe(true);
    expect(validateMultiple(["2025-01-10", "2025-01-11", "2025-01-12"], { maxDates: 2 })).toEqual({
      ok: false,
      event: "invalid-select",
      reason: "too-many-dates",
    });
  });

  it("toggleDate adds a missing day and removes a present one", () => {
    expect(toggleDate(["2025-01-12"], "2025-01-10")).toEqual(["2025-01-10", "2025-01-12"]);
    expect(toggleDate(["2025-01-10", "2025-01-12"], "2025-01-10")).toEqual(["2025-01-12"]);
  });
});

describe("times", () => {
  it("checks the shape: hours 0–23, minutes and seconds 0–59, integers", () => {
    expect(isTimeShapeValid(time(0))).toBe(true);
    expect(isTimeShapeValid(time(23, 59, 59))).toBe(true);
    expect(isTimeShapeValid(time(24))).toBe(false);
    expect(isTimeShapeValid(time(12, 60))).toBe(false);
    expect(isTimeShapeValid(time(12, 0, 60))).toBe(false);
    expect(isTimeShapeValid(time(-1))).toBe(false);
    expect(isTimeShapeValid(time(1.5))).toBe(false);
    expect(isTimeShapeValid({ hours: 1, minutes: 2 })).toBe(false);
    expect(isTimeShapeValid(null)).toBe(false);
  });

  it("compareTimes orders times", () => {
    expect(compareTimes(time(9), time(10))).toBe(-1);
    expect(compareTimes(time(10, 0, 1), time(10))).toBe(1);
    expect(compareTimes(time(10), time(10))).toBe(0);
  });

  describe("validateTime", () => {
    it("accepts a valid time", () => {
      expect(validateTime(time(14, 30))).toEqual({ ok: true, value: time(14, 30) });
    });

    it("rejects an out-of-range or missing time", () => {
      expect(validateTime(time(25))).toEqual({ ok: false, event: "invalid-select", reason: "invalid-time" });
      expect(validateTime(null)).toMatchObject({ reason: "invalid-time" });
    });

    it("rejects a disabled time; missing fields of the rule match any value", () => {
      const rules = { disabledTimes: [{ hours: 12 }, { hours: 15, minutes: 30 }] };
      expect(validateTime(time(12, 45), rules)).toMatchObject({ ok: false, reason: "disabled-time" });
      expect(validateTime(time(15, 30), rules)).toMatchObject({ ok: false, reason: "disabled-time" });
      expect(validateTime(time(15, 31), rules).ok).toBe(true);
      expect(validateTime(time(13), rules).ok).toBe(true);
    });

    it("keeps within min and max time, both included", () => {
      const rules = { minTime: time(9), maxTime: time(17, 30) };
      expect(validateTime(time(8, 59, 59), rules)).toMatchObject({ reason: "before-min-time" });
      expect(validateTime(time(9), rules).ok).toBe(true);
      expect(validateTime(time(17, 30), rules).ok).toBe(true);
      expect(validateTime(time(17, 30, 1), rules)).toMatchObject({ reason: "after-max-time" });
    });
  });

  it("timesOverlap: on one day the end must be strictly after the start", () => {
    expect(timesOverlap(time(10), time(11))).toBe(false);
    expect(timesOverlap(time(10), time(10))).toBe(true);
    expect(timesOverlap(time(10), time(9, 59))).toBe(true);
  });

  describe("validateRangeTimes", () => {
    const sameDay = { start: "2025-01-10", end: "2025-01-10" };
    const twoDays = { start: "2025-01-10", end: "2025-01-11" };

    it("accepts a later end time on a same-day range", () => {
      expect(validateRangeTimes(sameDay, [time(10), time(12)])).toEqual({ ok: true, value: [time(10), time(12)] });
    });

    it("rejects overlapping times on a same-day range", () => {
      expect(validateRangeTimes(sameDay, [time(12), time(10)])).toEqual({
        ok: false,
        event: "invalid-select",
        reason: "times-overlap",
      });
      expect(validateRangeTimes(sameDay, [time(12), time(12)])).toMatchObject({ reason: "times-overlap" });
      // A lone start is a same-day range too.
      expect(validateRangeTimes({ start: "2025-01-10", end: null }, [time(12), time(10)])).toMatchObject({
        reason: "times-overlap",
      });
    });

    it("allows an earlier end time when the range spans several days", () => {
      expect(validateRangeTimes(twoDays, [time(12), time(10)]).ok).toBe(true);
    });

    it("validates each of the two times", () => {
      expect(validateRangeTimes(twoDays, [time(10), null])).toMatchObject({ reason: "invalid-time" });
      expect(validateRangeTimes(twoDays, [time(10), time(12)], { disabledTimes: [{ hours: 12 }] })).toMatchObject({
        reason: "disabled-time",
      });
    });

    it("handles at most two time entries", () => {
      expect(validateRangeTimes(twoDays, [time(10), time(11), time(12)])).toMatchObject({ reason: "too-many-times" });
    });
  });
});

describe("min/max limit the months and years offered (spec section 5)", () => {
  it("selectableYears runs from min's year to max's year", () => {
    expect(selectableYears("2024-11-15", "2026-02-01")).toEqual([2024, 2025, 2026]);
    expect(selectableYears("2025-03-01", "2025-09-01")).toEqual([2025]);
  });

  it("selectableYears falls back to today ± a span when a bound is missing", () => {
    expect(selectableYears("2025-03-01", null, { today: "2025-01-01", yearsAfter: 2 })).toEqual([2025, 2026, 2027]);
    expect(selectableYears(null, "2025-03-01", { today: "2025-01-01", yearsBefore: 1 })).toEqual([2024, 2025]);
  });

  it("selectableMonths keeps the months between min's and max's months for a year", () => {
    expect(selectableMonths("2024-11-15", "2026-02-01", 2024)).toEqual([11, 12]);
    expect(selectableMonths("2024-11-15", "2026-02-01", 2025)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(selectableMonths("2024-11-15", "2026-02-01", 2026)).toEqual([1, 2]);
    expect(selectableMonths("2024-11-15", "2026-02-01", 2027)).toEqual([]);
  });

  it("min after max offers nothing", () => {
    expect(selectableYears("2026-01-01", "2025-01-01")).toEqual([]);
    expect(selectableMonths("2026-01-01", "2025-01-01", 2025)).toEqual([]);
  });

  it("navigationBounds, clampMonth and shiftMonth keep navigation inside", () => {
    const bounds = navigationBounds("2025-01-10", "2025-03-05");
    expect(bounds).toEqual({ startMonth: "2025-01", endMonth: "2025-03" });
    expect(clampMonth("2024-12", bounds)).toBe("2025-01");
    expect(clampMonth("2025-05", bounds)).toBe("2025-03");
    expect(shiftMonth("2025-02", 1, bounds)).toBe("2025-03");
    expect(shiftMonth("2025-03", 1, bounds)).toBeNull();
    expect(shiftMonth("2025-01", -1, bounds)).toBeNull();
  });

  it("initialMonth shows the chosen day's month, else today's, within bounds", () => {
    const bounds = navigationBounds("2025-01-10", "2025-06-30");
    expect(initialMonth("2025-04-02", "2025-01-20", bounds)).toBe("2025-04");
    expect(initialMonth(null, "2025-02-20", bounds)).toBe("2025-02");
    expect(initialMonth(null, "2024-12-20", bounds)).toBe("2025-01");
  });
});

describe("gestures (spec section 9)", () => {
  it("a horizontal swipe above 10 px changes the month", () => {
    expect(swipeDirection(-11, 0)).toBe("next");
    expect(swipeDirection(11, 3)).toBe("prev");
  });

  it("10 px or less is not a swipe", () => {
    expect(swipeDirection(10, 0)).toBeNull();
    expect(swipeDirection(-10, 0)).toBeNull();
    expect(swipeDirection(0, 0)).toBeNull();
  });

  it("a mostly vertical movement is not a swipe", () => {
    expect(swipeDirection(-30, 40)).toBeNull();
    expect(swipeDirection(20, -20)).toBeNull();
  });

  it("the wheel goes forward on down/right and back on up/left", () => {
    expect(wheelDirection(0, 100)).toBe("next");
    expect(wheelDirection(0, -3)).toBe("prev");
    expect(wheelDirection(40, 5)).toBe("next");
    expect(wheelDirection(-40, 5)).toBe("prev");
    expect(wheelDirection(0, 0)).toBeNull();
  });

  it("createThrottle lets one call through per 50 ms window", () => {
    let now = 1000;
    const gate = createThrottle(WHEEL_THROTTLE_MS, () => now);
    expect(gate()).toBe(true);
    now += 10;
    expect(gate()).toBe(false);
    now += 39; // 49 ms after the first
    expect(gate()).toBe(false);
    now += 1; // 50 ms
    expect(gate()).toBe(true);
    now += 49;
    expect(gate()).toBe(false);
  });
});

describe("day markers (spec section 3)", () => {
  const markers: DayMarker[] = [
    { date: "2025-01-10", type: "dot", color: "green", tooltips: [{ text: "4 spots left", color: "green" }] },
    { date: "2025-01-10", type: "line", color: "red", tooltips: [{ text: " Last tour " }, { text: "" }] },
    { date: "2025-01-11", type: "line", color: "red" },
    { date: "not-a-date", type: "dot" },
  ];

  it("indexMarkers groups markers by day and drops malformed days", () => {
    const index = indexMarkers(markers);
    expect([...index.keys()]).toEqual(["2025-01-10", "2025-01-11"]);
    expect(index.get("2025-01-10")).toHaveLength(2);
    expect(index.get("2025-01-12")).toBeUndefined();
    expect(indexMarkers(undefined).size).toBe(0);
  });

  it("markerTexts collects the trimmed, non-empty, distinct tooltip texts", () => {
    expect(markerTexts(indexMarkers(markers).get("2025-01-10"))).toEqual(["4 spots left", "Last tour"]);
    expect(markerTexts(indexMarkers(markers).get("2025-01-11"))).toEqual([]);
    expect(markerTexts([...markers, markers[0]!].filter((m) => m.date === "2025-01-10"))).toEqual([
      "4 spots left",
      "Last tour",
    ]);
  });
});
