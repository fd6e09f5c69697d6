import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatDate, formatDateTime, formatMoment, TRAVELLER_TIME_ZONE } from "~/ui/date-format";

// 00:36 UTC on Nov 21: still Nov 20 in New York and Los Angeles, already the afternoon in Kiritimati.
const AT = "2026-11-21T00:36:00.000Z";

describe("dates in a named zone: the same words on the server and in any browser", () => {
  it("formats an instant's day in the zone it is given, not the machine's", () => {
    expect(formatDate(AT, { timeZone: "UTC", locale: "en-US" })).toBe("Nov 21, 2026");
    expect(formatDate(AT, { timeZone: "America/New_York", locale: "en-US" })).toBe("Nov 20, 2026");
    expect(formatDate(AT, { timeZone: "Pacific/Kiritimati", locale: "en-US" })).toBe("Nov 21, 2026");
    expect(formatDate(new Date(AT), { timeZone: "UTC", locale: "en-US", style: "long" })).toBe("November 21, 2026");
  });

  it("says the zone beside a time of day", () => {
    expect(formatDateTime(AT, { timeZone: TRAVELLER_TIME_ZONE, locale: "en-US" })).toBe("Nov 21, 2026, 12:36 AM UTC");
    expect(formatDateTime(AT, { timeZone: "America/Los_Angeles", locale: "en-US" })).toBe("Nov 20, 2026, 4:36 PM PST");
  });

  it("writes a departure or a deadline with its weekday, in the experience's zone, naming it", () => {
    const at = "2026-11-27T15:00:00Z";
    expect(formatMoment(at, { timeZone: "America/New_York", locale: "en-US" })).toBe("Fri, Nov 27, 10:00 AM EST");
    expect(formatMoment(at, { timeZone: "Pacific/Kiritimati", locale: "en-US" })).toBe("Sat, Nov 28, 5:00 AM GMT+14");
  });

  it("keeps a calendar day the same day in every zone", () => {
    expect(formatCalendarDay("2026-01-01", { locale: "en-US" })).toBe("Jan 1, 2026");
    expect(formatCalendarDay("2026-11-21", { locale: "en-US", style: "long" })).toBe("November 21, 2026");
  });

  it("refuses, at compile time, a format without a zone", async () => {
    const { dateTimeFormat } = await import("~/ui/date-format");
    // @ts-expect-error timeZone is required: a date without one depends on where it is printed.
    expect(dateTimeFormat("en-US", { dateStyle: "medium" }).resolvedOptions().locale).toBe("en-US");
  });
});
