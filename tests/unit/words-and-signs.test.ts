import { describe, expect, it } from "vitest";
import { glossary } from "~contract/glossary";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "~contract/statuses";
import common from "~/locales/en/common.json";
import { formatMoney, formatPercent } from "~/ui/format";

const MINUS = "\u2212";

describe("one money formatter", () => {
  it("writes a negative amount (a discount, a refund) with the minus sign U+2212, never a hyphen", () => {
    expect(formatMoney(-1750, "USD")).toBe(`${MINUS}$17.50`);
    expect(formatMoney(-1750, "EUR", "en-US")).toBe(`${MINUS}€17.50`);
    expect(formatMoney(-500, "JPY")).toBe(`${MINUS}¥500`);
    expect(formatMoney(-1750, "USD")).not.toContain("-");
    expect(formatMoney(1750, "USD")).toBe("$17.50");
  });
});

describe("percentages as the language writes them", () => {
  it("says 3% in English (not 3 %)", () => {
    expect(formatPercent(3, "en")).toBe("3%");
    expect(formatPercent(12.5, "en-US")).toBe("12.5%");
  });

  it("leaves no hand-made percent sign in the strings", () => {
    expect(JSON.stringify(common)).not.toMatch(/\d\s%|\}\}\s?%/);
  });
});

describe("one glossary", () => {
  it("names the fee with the same word on the site and in what the API writes (emails, checkout)", () => {
    expect(common.details.fees).toBe(glossary.en.serviceFee);
    expect(glossary.en.serviceFee).toBe("Service fee");
    expect(common.details.subtotal).toBe(glossary.en.subtotal);
    expect(common.details.discount).toBe(glossary.en.promoDiscount);
    expect(common.details.taxes).toBe(glossary.en.taxes);
    expect(common.details.privateDeparture).toBe(glossary.en.privateDeparture);
  });

  it("has words for every payment and booking status, so no raw status reaches a traveller", () => {
    const payments = common.paymentsPage as Record<string, string>;
    const bookings = common.bookings as Record<string, string>;
    for (const status of PAYMENT_STATUSES) expect(payments[`status_${status}`], status).toBeTruthy();
    for (const status of BOOKING_STATUSES) expect(bookings[`status_${status}`], status).toBeTruthy();
    expect(payments.status_pending).not.toBe("pending");
  });
});
