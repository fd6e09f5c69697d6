import { describe, expect, it } from "vitest";
import type { TimeValue } from "~/features/booking/date-picker/rules";
import {
  applyDraft,
  cancelDraft,
  changeTime,
  closeDecision,
  dayButtonLabel,
  describeValue,
  draftKey,
  emptyDraft,
  eventMessage,
  firstSelectedDate,
  formatDisplayDate,
  formatTime,
  hiddenInputs,
  isDraftFull,
  isDraftReady,
  markerDescription,
  OPEN_SCROLL_GRACE_MS,
  parseTime,
  pickDay,
  shouldCloseOn,
  toPickerDate,
  type Draft,
  type PickerConfig,
  type Translate,
} from "~/features/booking/date-picker/view";

const time = (hours: number, minutes = 0, seconds = 0): TimeValue => ({ hours, minutes, seconds });
/** A translator that shows the key and its values, to check what is asked for. */
const t: Translate = (key, options) =>
  options && Object.keys(options).length ? `${key}${JSON.stringify(options)}` : key;

const single = (date: string | null, t0: TimeValue | null = null): Draft => ({ mode: "single", date, time: t0 });
const range = (
  start: string | null,
  end: string | null,
  times: [TimeValue | null, TimeValue | null] = [null, null],
): Draft => ({
  mode: "range",
  range: { start, end },
  times,
});
const multiple = (...dates: string[]): Draft => ({ mode: "multiple", dates });

describe("popover close decisions (spec section 4)", () => {
  it("closes on an outside click, not on a click inside", () => {
    expect(shouldCloseOn({ type: "pointer-down", inside: false })).toBe(true);
    expect(shouldCloseOn({ type: "pointer-down", inside: true })).toBe(false);
    // The user clicked elsewhere: focus stays where they put it.
    expect(closeDecision({ type: "pointer-down", inside: false }).restoreFocus).toBe(false);
  });

  it("closes on Escape and returns focus to the trigger", () => {
    expect(closeDecision({ type: "escape" })).toEqual({ close: true, restoreFocus: true });
  });

  it("closes when Tab moves focus out of the menu", () => {
    expect(closeDecision({ type: "focus-out", to: "outside" })).toEqual({ close: true, restoreFocus: false });
    expect(shouldCloseOn({ type: "focus-out", to: "inside" })).toBe(false);
    // Focus going nowhere (a click on blank space in the menu, a re-rendered day) keeps it open.
    expect(shouldCloseOn({ type: "focus-out", to: null })).toBe(false);
    expect(shouldCloseOn({ type: "focus-in", inside: false })).toBe(true);
    expect(shouldCloseOn({ type: "focus-in", inside: true })).toBe(false);
  });

  it("closes on page scroll only when closeOnScroll is set", () => {
    const scroll = { type: "scroll", inside: false, msSinceOpen: 1000 } as const;
    expect(shouldCloseOn(scroll)).toBe(false);
    expect(closeDecision(scroll, { closeOnScroll: true })).toEqual({ close: true, restoreFocus: true });
  });

  it("ignores scrolling inside the menu and the scroll caused by opening it", () => {
    expect(shouldCloseOn({ type: "scroll", inside: true, msSinceOpen: 1000 }, { closeOnScroll: true })).toBe(false);
    expect(
      shouldCloseOn({ type: "scroll", inside: false, msSinceOpen: OPEN_SCROLL_GRACE_MS - 1 }, { closeOnScroll: true }),
    ).toBe(false);
    expect(
      shouldCloseOn({ type: "scroll", inside: false, msSinceOpen: OPEN_SCROLL_GRACE_MS }, { closeOnScroll: true }),
    ).toBe(true);
  });

  it("closes after selecting a date, after auto-apply, Apply and Cancel, with focus back on the trigger", () => {
    for (const type of ["selected", "auto-applied", "applied", "cancelled"] as const) {
      expect(closeDecision({ type })).toEqual({ close: true, restoreFocus: true });
    }
  });
});

describe("picking days", () => {
  const base: PickerConfig = { rules: {}, autoApply: true };

  describe("single", () => {
    it("commits the day and closes (selecting a date)", () => {
      const step = pickDay(single(null), "2025-01-10", base);
      expect(step).toEqual({
        draft: single("2025-01-10"),
        commit: single("2025-01-10"),
        event: null,
        close: "selected",
      });
    });

    it("refuses a disabled day with invalid-date", () => {
      const step = pickDay(single("2025-01-09"), "2025-01-10", { ...base, rules: { disabledDates: ["2025-01-10"] } });
      expect(step.draft).toEqual(single("2025-01-09"));
      expect(step.commit).toBeNull();
      expect(step.event).toMatchObject({ event: "invalid-date", reason: "disabled-date", date: "2025-01-10" });
    });

    it("refuses a hidden offset day", () => {
      const step = pickDay(single(null), "2025-02-01", {
        ...base,
        rules: { hideOffsetDates: true },
        displayMonth: "2025-01",
      });
      expect(step.event).toMatchObject({ reason: "hidden-offset-day" });
    });

    it("with time: waits for the time, then auto-applies without closing", () => {
      const config = { ...base, withTime: true };
      const noTime = pickDay(single(null), "2025-01-10", config);
      expect(noTime.commit).toBeNull();
      expect(noTime.close).toBeNull();
      const withTime = pickDay(single(null, time(9)), "2025-01-10", config);
      expect(withTime.commit).toEqual(single("2025-01-10", time(9)));
      expect(withTime.close).toBeNull();
    });
  });

  describe("range", () => {
    it("goes from start chosen to end chosen, committing and closing when complete", () => {
      const first = pickDay(range(null, null), "2025-01-10", base);
      expect(first.draft).toEqual(range("2025-01-10", null));
      expect(first.commit).toBeNull();
      const second = pickDay(first.draft, "2025-01-12", base);
      expect(second.commit).toEqual(range("2025-01-10", "2025-01-12"));
      expect(second.close).toBe("auto-applied");
    });

    it("swaps an end chosen before the start", () => {
      const step = pickDay(range("2025-01-10", null), "2025-01-05", base);
      expect(step.commit).toEqual(range("2025-01-05", "2025-01-10"));
    });

    it("commits a lone start when partial ranges are allowed, without closing", () => {
      const step = pickDay(range(null, null), "2025-01-10", { ...base, rules: { allowPartialRange: true } });
      expect(step.commit).toEqual(range("2025-01-10", null));
      expect(step.close).toBeNull();
    });

    it("refuses a completed range that breaks a rule: auto-apply-invalid, and the day starts a new range", () => {
      const step = pickDay(range("2025-01-10", null), "2025-01-20", { ...base, rules: { maxRangeLength: 5 } });
      expect(step.event).toEqual({ ok: false, event: "auto-apply-invalid", reason: "range-too-long" });
      expect(step.commit).toBeNull();
      expect(step.draft).toEqual(range("2025-01-20", null));
    });

    it("without auto-apply the same refusal is invalid-select", () => {
      const step = pickDay(range("2025-01-10", null), "2025-01-12", {
        rules: { noDisabledInRange: true, disabledDates: ["2025-01-11"] },
      });
      expect(step.event).toMatchObject({ event: "invalid-select", reason: "disabled-in-range", date: "2025-01-11" });
    });

    it("without auto-apply a complete range only updates the draft", () => {
      const step = pickDay(range("2025-01-10", null), "2025-01-12", { rules: {} });
      expect(step).toEqual({ draft: range("2025-01-10", "2025-01-12"), commit: null, event: null, close: null });
    });

    it("refuses to move a fixed start: invalid-fixed-range", () => {
      const step = pickDay(range("2025-01-10", "2025-01-12"), "2025-01-05", { ...base, rules: { fixedStart: true } });
      expect(step.event).toMatchObject({ event: "invalid-fixed-range", reason: "fixed-start-moved" });
      expect(step.draft).toEqual(range("2025-01-10", "2025-01-12"));
    });

    it("moves the end when the start is fixed", () => {
      const step = pickDay(range("2025-01-10", "2025-01-12"), "2025-01-15", { ...base, rules: { fixedStart: true } });
      expect(step.commit).toEqual(range("2025-01-10", "2025-01-15"));
    });

    it("keeps the draft (no restart) when a fixed range's completion breaks a rule", () => {
      const step = pickDay(range("2025-01-10", "2025-01-12"), "2025-01-30", {
        ...base,
        rules: { fixedStart: true, maxRangeLength: 5 },
      });
      expect(step.event).toMatchObject({ event: "auto-apply-invalid", reason: "range-too-long" });
      expect(step.draft).toEqual(range("2025-01-10", "2025-01-12"));
    });

    it("with times: auto-applies when both times are set, keeps the menu open", () => {
      const config = { ...base, withTime: true };
      const step = pickDay(range("2025-01-10", null, [time(9), time(17)]), "2025-01-10", config);
      expect(step.commit).toEqual(range("2025-01-10", "2025-01-10", [time(9), time(17)]));
      expect(step.close).toBeNull();
      const overlap = pickDay(range("2025-01-10", null, [time(17), time(9)]), "2025-01-10", config);
      expect(overlap.event).toMatchObject({ event: "auto-apply-invalid", reason: "times-overlap" });
    });
  });

  describe("multiple", () => {
    it("toggles days and auto-applies each change without closing", () => {
      const step = pickDay(multiple("2025-01-12"), "2025-01-10", base);
      expect(step.commit).toEqual(multiple("2025-01-10", "2025-01-12"));
      expect(step.close).toBeNull();
      expect(pickDay(multiple("2025-01-10", "2025-01-12"), "2025-01-10", base).commit).toEqual(multiple("2025-01-12"));
    });

    it("refuses more than maxDates", () => {
      const step = pickDay(multiple("2025-01-10", "2025-01-11"), "2025-01-12", { ...base, rules: { maxDates: 2 } });
      expect(step.event).toMatchObject({ event: "auto-apply-invalid", reason: "too-many-dates" });
      expect(step.draft).toEqual(multiple("2025-01-10", "2025-01-11"));
      const manual = pickDay(multiple("2025-01-10", "2025-01-11"), "2025-01-12", { rules: { maxDates: 2 } });
      expect(manual.event).toMatchObject({ event: "invalid-select" });
    });
  });
});

describe("time edits", () => {
  const config: PickerConfig = {
    rules: {},
    autoApply: true,
    withTime: true,
    timeRules: { disabledTimes: [{ hours: 12 }] },
  };

  it("auto-applies a valid time for a chosen day", () => {
    expect(changeTime(single("2025-01-10"), 0, time(10), config).commit).toEqual(single("2025-01-10", time(10)));
  });

  it("reports a disabled time as auto-apply-invalid and keeps the typed time in the draft", () => {
    const step = changeTime(single("2025-01-10"), 0, time(12, 15), config);
    expect(step.event).toMatchObject({ event: "auto-apply-invalid", reason: "disabled-time" });
    expect(step.draft).toEqual(single("2025-01-10", time(12, 15)));
    expect(step.commit).toBeNull();
  });

  it("sets the start or the end time of a range", () => {
    const step = changeTime(range("2025-01-10", "2025-01-11", [time(9), null]), 1, time(8), config);
    expect(step.commit).toEqual(range("2025-01-10", "2025-01-11", [time(9), time(8)]));
  });

  it("only updates the draft without auto-apply", () => {
    const step = changeTime(single("2025-01-10"), 0, time(12), { ...config, autoApply: false });
    expect(step).toMatchObject({ commit: null, event: null, draft: single("2025-01-10", time(12)) });
  });
});

describe("Apply and Cancel", () => {
  const config: PickerConfig = { rules: { minRangeLength: 1 } };

  it("Apply commits a valid draft and closes", () => {
    expect(applyDraft(range("2025-01-10", "2025-01-12"), config)).toEqual({
      draft: range("2025-01-10", "2025-01-12"),
      commit: range("2025-01-10", "2025-01-12"),
      event: null,
      close: "applied",
    });
  });

  it("Apply reports an invalid draft and stays open", () => {
    expect(applyDraft(range("2025-01-10", null), config)).toMatchObject({
      commit: null,
      close: null,
      event: { event: "invalid-select", reason: "incomplete-range" },
    });
    expect(applyDraft(range("2025-01-10", "2025-01-10"), config).event).toMatchObject({ reason: "range-too-short" });
    expect(applyDraft(single(null), config).event).toMatchObject({ reason: "empty" });
  });

  it("Apply checks fixed ends against the committed value", () => {
    const step = applyDraft(
      range("2025-01-08", "2025-01-12"),
      { rules: { fixedStart: true } },
      range("2025-01-10", "2025-01-12"),
    );
    expect(step.event).toMatchObject({ event: "invalid-fixed-range" });
  });

  it("Cancel goes back to the committed value and closes", () => {
    expect(cancelDraft(single("2025-01-01"))).toEqual({
      draft: single("2025-01-01"),
      commit: null,
      event: null,
      close: "cancelled",
    });
  });
});

describe("draft helpers", () => {
  it("emptyDraft per mode", () => {
    expect(emptyDraft("single")).toEqual(single(null));
    expect(emptyDraft("range")).toEqual(range(null, null));
    expect(emptyDraft("multiple")).toEqual(multiple());
  });

  it("isDraftFull / isDraftReady", () => {
    expect(isDraftFull(range("2025-01-10", null))).toBe(false);
    expect(isDraftReady(range("2025-01-10", null), { rules: { allowPartialRange: true } })).toBe(true);
    expect(isDraftReady(range("2025-01-10", "2025-01-11"), { rules: {}, withTime: true })).toBe(false);
    expect(isDraftFull(single("2025-01-10"), true)).toBe(false);
    expect(isDraftFull(multiple())).toBe(false);
  });

  it("draftKey changes with any part of the value", () => {
    expect(draftKey(single("2025-01-10"))).not.toBe(draftKey(single("2025-01-10", time(9))));
    expect(draftKey(range("2025-01-10", "2025-01-11"))).not.toBe(draftKey(range("2025-01-10", null)));
    expect(draftKey(multiple("2025-01-10"))).toBe(draftKey(multiple("2025-01-10")));
  });

  it("firstSelectedDate", () => {
    expect(firstSelectedDate(range("2025-01-12", "2025-01-10"))).toBe("2025-01-10");
    expect(firstSelectedDate(range(null, "2025-01-10"))).toBe("2025-01-10");
    expect(firstSelectedDate(multiple())).toBeNull();
  });

  it("toPickerDate gives local midnight, or undefined", () => {
    expect(toPickerDate("2025-01-10")?.getDate()).toBe(10);
    expect(toPickerDate(null)).toBeUndefined();
    expect(toPickerDate("2025-02-30")).toBeUndefined();
  });
});

describe("hidden inputs for native forms", () => {
  it("single: the day as YYYY-MM-DD, empty when none", () => {
    expect(hiddenInputs("date", single("2025-01-10"))).toEqual([{ name: "date", value: "2025-01-10" }]);
    expect(hiddenInputs("date", single(null))).toEqual([{ name: "date", value: "" }]);
  });

  it("single with time adds nameTime as HH:MM:SS", () => {
    expect(hiddenInputs("date", single("2025-01-10", time(9, 5)), true)).toEqual([
      { name: "date", value: "2025-01-10" },
      { name: "dateTime", value: "09:05:00" },
    ]);
  });

  it("range: nameStart and nameEnd (ordered), plus the two times", () => {
    expect(hiddenInputs("stay", range("2025-01-12", "2025-01-10"))).toEqual([
      { name: "stayStart", value: "2025-01-10" },
      { name: "stayEnd", value: "2025-01-12" },
    ]);
    expect(hiddenInputs("stay", range("2025-01-10", null, [time(9), null]), true)).toEqual([
      { name: "stayStart", value: "2025-01-10" },
      { name: "stayEnd", value: "" },
      { name: "stayStartTime", value: "09:00:00" },
      { name: "stayEndTime", value: "" },
    ]);
  });

  it("multiple: one input per date, none when empty", () => {
    expect(hiddenInputs("days", multiple("2025-01-10", "2025-01-12"))).toEqual([
      { name: "days", value: "2025-01-10" },
      { name: "days", value: "2025-01-12" },
    ]);
    expect(hiddenInputs("days", multiple())).toEqual([]);
  });
});

describe("times as text", () => {
  it("formats HH:MM and HH:MM:SS", () => {
    expect(formatTime(time(9, 5, 7))).toBe("09:05");
    expect(formatTime(time(9, 5, 7), true)).toBe("09:05:07");
  });

  it("parses <input type=time> values", () => {
    expect(parseTime("09:05")).toEqual(time(9, 5));
    expect(parseTime("23:59:59")).toEqual(time(23, 59, 59));
    expect(parseTime("23:59:59.500")).toEqual(time(23, 59, 59));
    expect(parseTime("")).toBeNull();
    expect(parseTime("24:00")).toBeNull();
    expect(parseTime("9:05")).toBeNull();
  });
});

describe("texts", () => {
  it("formats a calendar day the same in every time zone", () => {
    expect(formatDisplayDate("2025-01-10", "en-US")).toBe("Fri, Jan 10, 2025");
    expect(formatDisplayDate("2025-01-10", "en-US", { dateStyle: "full" })).toBe("Friday, January 10, 2025");
  });

  it("describes each value shape for the trigger", () => {
    expect(describeValue(single(null), t)).toBe("");
    expect(describeValue(single("2025-01-10"), t)).toBe("Fri, Jan 10, 2025");
    expect(describeValue(single("2025-01-10", time(9)), t, { withTime: true })).toBe(
      'datePicker.dateAtTime{"date":"Fri, Jan 10, 2025","time":"09:00"}',
    );
    expect(describeValue(range("2025-01-10", "2025-01-12"), t)).toBe(
      'datePicker.rangeValue{"start":"Fri, Jan 10, 2025","end":"Sun, Jan 12, 2025"}',
    );
    expect(describeValue(range("2025-01-10", null), t)).toBe('datePicker.rangeStartOnly{"start":"Fri, Jan 10, 2025"}');
    expect(describeValue(range("2025-01-10", "2025-01-10"), t)).toBe("Fri, Jan 10, 2025");
    expect(describeValue(multiple("2025-01-10", "2025-01-12"), t)).toBe("Fri, Jan 10, 2025, Sun, Jan 12, 2025");
    expect(describeValue(multiple("2025-01-10", "2025-01-11", "2025-01-12", "2025-01-13"), t)).toBe(
      'datePicker.datesCount{"count":4}',
    );
  });

  it("composes the marker text screen readers hear", () => {
    expect(
      markerDescription([
        { date: "2025-01-10", type: "dot", color: "green", tooltips: [{ text: "4 spots left" }] },
        { date: "2025-01-10", type: "line", tooltips: [{ text: "Sunset tour" }, { text: "  " }] },
      ]),
    ).toBe("4 spots left; Sunset tour");
    expect(markerDescription([{ date: "2025-01-10", type: "dot" }])).toBe("");
    expect(markerDescription(undefined)).toBe("");
  });

  it("labels day buttons with today / selected / not available", () => {
    expect(dayButtonLabel("Friday, January 10, 2025", {}, t)).toBe("Friday, January 10, 2025");
    expect(dayButtonLabel("D", { today: true, selected: true }, t)).toBe(
      'datePicker.daySelected{"date":"datePicker.dayToday{\\"date\\":\\"D\\"}"}',
    );
    expect(dayButtonLabel("D", { disabled: true }, t)).toBe('datePicker.dayUnavailable{"date":"D"}');
  });

  it("composes an event's message from the event and the reason, with the values they need", () => {
    const message = eventMessage({ ok: false, event: "invalid-select", reason: "range-too-long" }, t, {
      rules: { maxRangeLength: 7 },
    });
    expect(message).toContain("datePicker.events.invalidSelect");
    expect(message).toContain("datePicker.reasons.rangeTooLong{");
    expect(message).toContain('"count":7');
    expect(
      eventMessage({ ok: false, event: "invalid-date", reason: "before-min", date: "2025-01-01" }, t, {
        rules: { minDate: "2025-01-05" },
      }),
    ).toContain('"min":"Sun, Jan 5, 2025"');
  });
});
