import type { Translate } from "~/platform/translate";
import type { SavedCard } from "~contract/bookings/cards";

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** "Visa ending in 4242, expires 12/2039" */
export function cardLabel(card: Pick<SavedCard, "brand" | "last4" | "expMonth" | "expYear">, t: Translate): string {
  return t("cards.label", {
    brand: BRANDS[card.brand] ?? card.brand,
    last4: card.last4,
    expiry: `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`,
  });
}

/** "Visa ending in 4242" (a receipt: the card that paid). */
export function paidWith(card: { brand: string; last4: string }, t: Translate): string {
  return t("cards.short", { brand: BRANDS[card.brand] ?? card.brand, last4: card.last4 });
}
