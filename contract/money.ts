/** Money for display, on both sides (emails, pages): minor units in the currency's own format. */
const moneyFormatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amountMinor: number, currency: string, locale = "en-US"): string {
  const key = `${locale}|${currency}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    moneyFormatters.set(key, formatter);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(amountMinor / 10 ** digits);
}
