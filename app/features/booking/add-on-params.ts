/**
 * The add-ons chosen on the pay page (issue 46, item 2): one query parameter per add-on,
 * `addon_<id>=<quantity>`, set by the page's GET form so that the quote (and the Pay button's total)
 * prices them without JavaScript; the Pay action reads the same parameters from its address.
 */
import type { AddOnsRequest } from "~contract/bookings/add-ons";
import { MAX_ADD_ONS, MAX_ADD_ON_QUANTITY } from "~contract/bookings/add-on-rules";

export const ADD_ON_PARAM = "addon_";

/** The add-ons the address asks for (malformed or empty ones left out; the API judges the rest). */
export function addOnsFromParams(params: URLSearchParams): AddOnsRequest {
  const chosen: AddOnsRequest = [];
  for (const [name, value] of params) {
    if (!name.startsWith(ADD_ON_PARAM) || chosen.length >= MAX_ADD_ONS) continue;
    const addOnId = name.slice(ADD_ON_PARAM.length);
    const quantity = Number(value.trim());
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(addOnId) || !Number.isInteger(quantity)) continue;
    if (quantity < 1 || quantity > MAX_ADD_ON_QUANTITY || chosen.some((line) => line.addOnId === addOnId)) continue;
    chosen.push({ addOnId, quantity });
  }
  return chosen;
}

/** `query` with the add-ons' parameters (the promo code's form and the change link keep them). */
export function withAddOnParams(query: string, addOns: AddOnsRequest): string {
  const params = new URLSearchParams(query);
  for (const line of addOns) params.set(`${ADD_ON_PARAM}${line.addOnId}`, String(line.quantity));
  return params.toString();
}
