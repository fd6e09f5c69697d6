import { z } from "zod";
import type { AddOnInput } from "~contract/bookings/add-ons";
import { ADD_ON_SCOPES, MAX_ADD_ON_QUANTITY, MAX_ADD_ON_STOCK } from "~contract/bookings/add-on-rules";
import { minorUnitsIn } from "~contract/money";

/**
 * The add-ons page's forms (issue 46, item 2): add an add-on, remove one. The add-on's own rules
 * are the contract's (setAddOnsBody): the action judges the whole new list by them and shows a
 * refusal on this form's field. The price is typed in the operator's currency ("8.50").
 */
import { STOCK_KINDS } from "./add-ons/stock-kinds";

export { STOCK_KINDS };

const whole = (min: number, max: number) =>
  z
    .number({ invalid_type_error: "addOns.wholeNumber" })
    .int("addOns.wholeNumber")
    .min(min, "addOns.tooSmall")
    .max(max, "addOns.tooBig");

export const AddAddOnSchema = z.object({
  intent: z.literal("add"),
  name: z
    .string({ required_error: "addOns.nameRequired" })
    .trim()
    .min(1, "addOns.nameRequired")
    .max(80, "addOns.tooLong"),
  description: z.string().trim().max(500, "addOns.tooLong").optional(),
  price: z
    .string({ required_error: "addOns.priceRequired" })
    .trim()
    .regex(/^\d{1,9}([.,]\d{1,3})?$/, "addOns.priceFormat"),
  per: z.enum(ADD_ON_SCOPES, { errorMap: () => ({ message: "addOns.invalid" }) }),
  stockKind: z.enum(STOCK_KINDS).default("none"),
  stock: whole(0, MAX_ADD_ON_STOCK).optional(),
  maxPerBooking: whole(1, MAX_ADD_ON_QUANTITY).optional(),
});

export const RemoveAddOnSchema = z.object({
  intent: z.literal("remove"),
  addOnId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "addOns.invalid"),
});

export type AddAddOnValue = z.infer<typeof AddAddOnSchema>;

/** The add-on the add form describes, as the API takes it (null: a price the currency cannot have). */
export function addOnOf(value: AddAddOnValue, currency: string): AddOnInput | null {
  const priceMinor = minorUnitsIn(value.price.replace(",", "."), currency);
  if (priceMinor === null) return null;
  const stock = value.stock ?? null;
  return {
    name: value.name,
    description: value.description ?? "",
    priceMinor,
    per: value.per,
    stockPerDeparture: value.stockKind === "departure" ? stock : null,
    stockTotal: value.stockKind === "total" ? stock : null,
    maxPerBooking: value.maxPerBooking ?? null,
  };
}

/** The add form's field a refused add-on's path names (`stockPerDeparture` → stock…). */
export function addOnFieldOf(path: ReadonlyArray<string | number>): string {
  const [field] = path;
  if (field === "stockPerDeparture" || field === "stockTotal") return "stock";
  if (field === "priceMinor") return "price";
  return typeof field === "string" && field in AddAddOnSchema.shape ? field : "name";
}
