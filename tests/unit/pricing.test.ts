import { describe, expect, it } from "vitest";
import { priceBreakdown, SERVICE_FEE_BPS } from "~contract/bookings/pricing";

const adult = { ticketTypeId: "a", name: "Adult", unitPriceMinor: 4900, quantity: 2 };
const child = { ticketTypeId: "c", name: "Child", unitPriceMinor: 2500, quantity: 1 };
const infant = { ticketTypeId: "i", name: "Infant", unitPriceMinor: 0, quantity: 0 };

describe("price breakdown", () => {
  it("adds ticket lines, the service fee and no discount", () => {
    const price = priceBreakdown([adult, child, infant], null);
    expect(price.lines.map((line) => line.totalMinor)).toEqual([9800, 2500]);
    expect(price.seats).toBe(3);
    expect(price.subtotalMinor).toBe(12300);
    expect(price.discountMinor).toBe(0);
    expect(price.feesMinor).toBe(Math.round((12300 * SERVICE_FEE_BPS) / 10000));
    expect(price.totalMinor).toBe(12300 + price.feesMinor);
  });

  it("applies a percentage promo before fees and taxes", () => {
    const price = priceBreakdown([adult], { code: "WELCOME10", percentOff: 10, amountOffMinor: null }, 800);
    expect(price.discountMinor).toBe(980);
    expect(price.feesMinor).toBe(Math.round(8820 * 0.03));
    expect(price.taxMinor).toBe(Math.round(8820 * 0.08));
    expect(price.totalMinor).toBe(8820 + price.feesMinor + price.taxMinor);
  });

  it("never discounts more than the subtotal", () => {
    const price = priceBreakdown([child], { code: "BIG", percentOff: null, amountOffMinor: 99999 });
    expect(price.discountMinor).toBe(2500);
    expect(price.totalMinor).toBe(0);
  });
});
