/**
 * The words for what a traveller pays that the API writes itself (emails, the payment provider's
 * line items). The web says them through its locale file (app/locales/en/common.json, `details.*`);
 * tests/unit/glossary.test.ts holds the two to the same words, so a fee is never a "Service fee"
 * on the site and a "Booking fee" in the email.
 */
export const glossary = {
  en: {
    subtotal: "Subtotal",
    promoDiscount: "Promo discount",
    serviceFee: "Service fee",
    taxes: "Taxes",
    privateDeparture: "Private departure",
  },
} as const;
