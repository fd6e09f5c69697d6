/** Money is kept in minor units; formatted for the locale and the operator's currency (one rule, the API's). */
export { formatMoney } from "~contract/money";

export function durationParts(totalMinutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
