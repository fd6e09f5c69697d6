/** Money is kept in minor units; formatted for the locale and the operator's currency (one rule, the API's). */
export { formatMoney } from "~contract/money";
/** Percentages, likewise: "3%" in English (Intl.NumberFormat, style percent). */
export { formatPercent } from "~contract/percent";

const counts = new Map<string, Intl.NumberFormat>();
/** A whole count for people: "1,234" in English. */
export function formatCount(value: number, locale: string): string {
  let format = counts.get(locale);
  if (!format) counts.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })));
  return format.format(value);
}

export function durationParts(totalMinutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/**
 * A phone number as people read it, wherever one is shown: a US number (stored +1 and 10 digits,
 * the spec's only kind for travellers; written with spaces or dashes too) without its leading +1,
 * as "(415) 555-0132" (the spec: the +1 is stripped for display); anything else (an operator's
 * number abroad, already written for people) as given. Links keep the full number (`tel:+1…`).
 */
export function formatPhone(phone: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone.trim().replace(/[\s().-]/g, ""));
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone.trim();
}
