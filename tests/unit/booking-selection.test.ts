import { describe, expect, it } from "vitest";
import { isCompleteSelection, parseSelection, selectionQuery } from "~/features/booking/booking-selection";

describe("booking selection in the address", () => {
  const types = ["adult", "child"];
  it("reads date, slot and ticket quantities", () => {
    const selection = parseSelection(
      new URLSearchParams("date=2026-12-01&slot=sl_1&t_adult=2&t_child=0&t_other=4"),
      types,
    );
    expect(selection).toEqual({
      date: "2026-12-01",
      slotId: "sl_1",
      tickets: [{ ticketTypeId: "adult", quantity: 2 }],
    });
    expect(isCompleteSelection(selection)).toBe(true);
    expect(selectionQuery(selection)).toBe("date=2026-12-01&slot=sl_1&t_adult=2");
  });

  it("drops malformed values", () => {
    const selection = parseSelection(new URLSearchParams("date=tomorrow&slot=%3Cx%3E&t_adult=-1&t_child=abc"), types);
    expect(selection).toEqual({ date: null, slotId: null, tickets: [] });
    expect(isCompleteSelection(selection)).toBe(false);
  });

  it("caps quantities and refuses more than 20 seats", () => {
    const selection = parseSelection(new URLSearchParams("slot=s&t_adult=99&t_child=15"), types);
    expect(selection.tickets).toEqual([
      { ticketTypeId: "adult", quantity: 20 },
      { ticketTypeId: "child", quantity: 15 },
    ]);
    expect(isCompleteSelection(selection)).toBe(false);
  });
});
