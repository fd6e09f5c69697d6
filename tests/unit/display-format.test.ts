import { describe, expect, it } from "vitest";
import { formatPhone } from "~/ui/format";
import { slotTime } from "~/features/booking/availability";

describe("formatPhone: the one way a phone number is shown", () => {
  it("shows a stored US number without its leading +1, as (415) 555-0132 (the spec's display rule)", () => {
    expect(formatPhone("+14155550132")).toBe("(415) 555-0132");
    expect(formatPhone(" +15551234567 ")).toBe("(555) 123-4567");
    expect(formatPhone("+1 212 555 0142")).toBe("(212) 555-0142");
    expect(formatPhone("+1 (212) 555-0142")).toBe("(212) 555-0142");
  });

  it("leaves a number abroad (an operator's) as it is written", () => {
    expect(formatPhone("+351 21 555 0187")).toBe("+351 21 555 0187");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
  });
});

describe("slotTime with the zone's name", () => {
  it("says which clock the time is on, in the experience's zone whatever the machine's", () => {
    // 15:00 UTC is 10 AM in New York in January (EST) and 11 AM in July (EDT).
    expect(slotTime("2026-01-15T15:00:00Z", "America/New_York", "en-US", { zone: true })).toBe("10:00 AM EST");
    expect(slotTime("2026-07-15T15:00:00Z", "America/New_York", "en-US", { zone: true })).toBe("11:00 AM EDT");
    expect(slotTime("2026-01-15T15:00:00Z", "America/New_York", "en-US")).toBe("10:00 AM");
  });
});
