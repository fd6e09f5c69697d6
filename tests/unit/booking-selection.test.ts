import { describe, expect, it } from "vitest";
import {
  isCompleteSelection,
  parseSelection,
  privateRoom,
  selectionQuery,
  selectionWithin,
} from "~/features/booking/booking-selection";

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
      private: false,
    });
    expect(isCompleteSelection(selection)).toBe(true);
    expect(selectionQuery(selection)).toBe("date=2026-12-01&slot=sl_1&t_adult=2");
  });

  it("drops malformed values", () => {
    const selection = parseSelection(new URLSearchParams("date=tomorrow&slot=%3Cx%3E&t_adult=-1&t_child=abc"), types);
    expect(selection).toEqual({ date: null, slotId: null, tickets: [], private: false });
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

  it("carries a private booking (issue 46): the whole departure while none of its seats is taken", () => {
    const selection = parseSelection(new URLSearchParams("date=2026-12-01&slot=sl_1&t_adult=3&private=1"), types);
    expect(selection.private).toBe(true);
    expect(selectionQuery(selection)).toBe("date=2026-12-01&slot=sl_1&t_adult=3&private=1");
    expect(parseSelection(new URLSearchParams("private=yes"), types).private).toBe(false);

    const sale = { only: false, maxGuests: 8 };
    expect(privateRoom({ seatsLeft: 10, capacity: 10 }, sale)).toBe(8);
    expect(privateRoom({ seatsLeft: 6, capacity: 6 }, sale)).toBe(6);
    expect(privateRoom({ seatsLeft: 9, capacity: 10 }, sale)).toBe(0);
    const day = (seatsLeft: number) => ({
      days: [{ date: "2026-12-01", slots: [{ id: "sl_1", seatsLeft, capacity: 10 }] }],
    });
    expect(selectionWithin(selection, day(10), sale)).toMatchObject({ seatsLeft: 8, privateTaken: false });
    expect(selectionWithin(selection, day(9), sale)).toMatchObject({ seatsLeft: 0, privateTaken: true });
    // Not sold private: by the seat, whatever the address says.
    expect(selectionWithin(selection, day(9), null)).toMatchObject({
      seatsLeft: 9,
      privateTaken: false,
      selection: { private: false },
    });
    // Sold only private: private even when the address does not say so.
    const bySeat = { ...selection, private: false };
    expect(selectionWithin(bySeat, day(10), { only: true, maxGuests: 4 }).selection.private).toBe(true);
  });
});
