/** Money for display, on both sides (emails, pages): minor units in the currency's own format. */
const moneyFormatters = new Map<string, { format: (value: number) => string; digits: number }>();

export function formatMoney(amountMinor: number, currency: string, locale = "en-US"): string {
  const key = `${locale}|${currency}`;
  let money = moneyFormatters.get(key);
  if (!money) {
    const formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    money = { format: formatter.format, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 };
    moneyFormatters.set(key, money);
  }
  return money.format(amountMinor / 10 ** money.digits);
}

/** Digits after the decimal point of a currency's minor unit (2 for EUR, 0 for JPY). */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}
