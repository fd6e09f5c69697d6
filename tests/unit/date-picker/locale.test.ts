import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nConfig } from "~/platform/i18n";
import { resources } from "~/platform/locale-resources.server";
import {
  DATE_PICKER_EVENTS,
  eventMessageKey,
  INVALID_REASONS,
  reasonMessageKey,
} from "~/features/booking/date-picker/rules";
import { describeValue, eventMessage, type Translate } from "~/features/booking/date-picker/view";

const i18n = i18next.createInstance();
let t: Translate;

beforeAll(async () => {
  await i18n.init({ ...i18nConfig, lng: "en", resources });
  t = (key, options) => i18n.t(key, options ?? {}) as string;
});

describe("date picker texts (app/locales/en/common.json → datePicker)", () => {
  it("has an English message for every spec event", () => {
    for (const event of DATE_PICKER_EVENTS) expect(i18n.exists(eventMessageKey(event)), event).toBe(true);
  });

  it("has an English message for every reason (plural forms where counted)", () => {
    for (const reason of INVALID_REASONS) {
      const key = reasonMessageKey(reason);
      expect(i18n.exists(key) || i18n.exists(`${key}_other`), reason).toBe(true);
    }
  });

  it("has every datePicker key the component and the view logic ask for", () => {
    const dir = fileURLToPath(new URL("../../../app/features/booking/date-picker/", import.meta.url));
    const sources = [
      ...readdirSync(dir)
        .filter((f) => f.endsWith(".tsx"))
        .map((f) => readFileSync(dir + f, "utf8")),
      readFileSync(
        fileURLToPath(new URL("../../../app/features/booking/date-picker/view.ts", import.meta.url)),
        "utf8",
      ),
    ].join("\n");
    const keys = [...new Set([...sources.matchAll(/"(datePicker\.[A-Za-z.]+)"/g)].map((m) => m[1]!))];
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(i18n.exists(key) || i18n.exists(`${key}_other`), key).toBe(true);
  });

  it("renders messages with their values and plurals", () => {
    expect(
      eventMessage({ ok: false, event: "auto-apply-invalid", reason: "range-too-long" }, t, {
        rules: { maxRangeLength: 1 },
      }),
    ).toBe("The selection was not applied. The range can span at most 1 day.");
    expect(
      eventMessage({ ok: false, event: "invalid-select", reason: "too-many-dates" }, t, { rules: { maxDates: 3 } }),
    ).toBe("That selection can't be used. You can choose at most 3 dates.");
    expect(
      eventMessage({ ok: false, event: "invalid-date", reason: "before-min", date: "2025-01-01" }, t, {
        rules: { minDate: "2025-01-05" },
      }),
    ).toBe("That date can't be chosen. Choose Sun, Jan 5, 2025 or later.");
    expect(
      eventMessage({ ok: false, event: "invalid-fixed-range", reason: "fixed-start-moved", date: "2025-01-10" }, t),
    ).toBe("That end of the range is fixed. The start date, Fri, Jan 10, 2025, stays: choose an end date after it.");
    expect(
      describeValue({ mode: "range", range: { start: "2025-01-10", end: "2025-01-12" }, times: [null, null] }, t),
    ).toBe("Fri, Jan 10, 2025 – Sun, Jan 12, 2025");
    expect(
      describeValue({ mode: "multiple", dates: ["2025-01-01", "2025-01-02", "2025-01-03", "2025-01-04"] }, t),
    ).toBe("4 dates");
  });
});
