/**
 * Money for display, on both sides (emails, pages): minor units in the currency's own format.
 * A negative amount (a discount, a refund) is written with the minus sign U+2212 ("−$17.50"),
 * never the hyphen-minus Intl gives ("-$17.50"): pass the amount negative, do not prefix a sign.
 */
const moneyFormatters = new Map<string, { formatter: Intl.NumberFormat; digits: number }>();
const MINUS = "\u2212";

export function formatMoney(amountMinor: number, currency: string, locale = "en-US"): string {
  const key = `${locale}|${currency}`;
  let money = moneyFormatters.get(key);
  if (!money) {
    const formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    money = { formatter, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 };
    moneyFormatters.set(key, money);
  }
  const amount = amountMinor / 10 ** money.digits;
  if (amount >= 0) return money.formatter.format(amount);
  return money.formatter
    .formatToParts(amount)
    .map((part) => (part.type === "minusSign" ? MINUS : part.value))
    .join("");
}

/** Digits after the decimal point of a currency's minor unit (2 for EUR, 0 for JPY). */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A price as typed in major units ("12.50", "12,50"; "1500" for yen) → minor units (1250). Check its form first. */
export function toMinorUnits(typed: string, digits: number): number {
  const [whole, fraction = ""] = typed.trim().replace(",", ".").split(".");
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || 0);
}

/** An amount as an API body sends it in major units: digits, then a decimal point and its fraction ("12.50"; "1500"). */
export const DECIMAL_AMOUNT = /^\d{1,9}(\.\d{1,9})?$/;

/**
 * A DECIMAL_AMOUNT in `currency` → its minor units ("12.50" USD → 1250; "1500" JPY → 1500);
 * null when it has more decimals than the currency's minor unit ("12.505" USD, "15.5" JPY).
 */
export function minorUnitsIn(amount: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  if ((amount.split(".")[1] ?? "").length > digits) return null;
  return toMinorUnits(amount, digits);
}

/** Minor units → the major units a form shows, without grouping (1250 → "12.50"; 1500 yen → "1500"). */
export function toMajorUnits(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
