/**
 * A percentage as the language writes it ("3%" in English, "3 %" in French), on both sides
 * (pages, emails, notifications): `percent` in hundredths, as our data keeps it (a promo's
 * `percentOff`, the service fee's basis points / 100). Strings never hold a "%" of their own.
 */
export function formatPercent(percent: number, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}
