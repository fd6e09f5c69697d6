/**
 * Add-ons (issue 46, item 2): what an experience sells beside its tickets (a wetsuit, a bottle to
 * take home), per booking or per guest, in the operator's currency (minor units), with an optional
 * stock per departure or in total and an optional maximum per booking. Set by the operator as a
 * whole list; chosen with the tickets (quote and createBooking `addOns`).
 */
import { z } from "zod";
import { catalogId, said } from "../fields";
import { itemName, optionalText, refuseRepeatedIds, wholeNumber } from "../list-fields";
import { count, minor } from "../output-parts";
import { MAX_PRICE_MINOR } from "../operator/service-limits";
import { ADD_ON_SCOPES, MAX_ADD_ONS, MAX_ADD_ON_QUANTITY, MAX_ADD_ON_STOCK } from "./add-on-rules";

export * from "./add-on-rules";

/** One add-on as the operator sets it; one with an `id` is that add-on kept (bookings name it), else a new one. */
export const addOnInput = z
  .object({
    id: catalogId.optional(),
    name: itemName(),
    description: optionalText(500, "lines"),
    priceMinor: z
      .number({ required_error: said("price.required"), invalid_type_error: said("price.whole") })
      .int(said("price.whole"))
      .min(0, said("number.useAtLeast"))
      .max(MAX_PRICE_MINOR, said("number.useAtMost")),
    per: z.enum(ADD_ON_SCOPES, { errorMap: () => ({ message: said("addOn.per") }) }),
    /** How many each departure can sell (null: no limit), e.g. 4 wetsuits per departure. */
    stockPerDeparture: wholeNumber(0, MAX_ADD_ON_STOCK).nullable().optional().default(null),
    /** How many can be sold over all departures (null: no limit); not with a stock per departure. */
    stockTotal: wholeNumber(0, MAX_ADD_ON_STOCK).nullable().optional().default(null),
    /** The most one booking may have (null: no maximum; a per-guest add-on: at most one per guest anyway). */
    maxPerBooking: wholeNumber(1, MAX_ADD_ON_QUANTITY).nullable().optional().default(null),
  })
  .strict()
  .superRefine((addOn, ctx) => {
    if (addOn.stockPerDeparture !== null && addOn.stockTotal !== null)
      ctx.addIssue({ code: "custom", path: ["stockTotal"], message: said("addOn.stockOneOf") });
  });
export type AddOnInput = z.input<typeof addOnInput>;

/** PUT /v1/operator/experiences/{experienceId}/add-ons: the whole list, in the order shown to guests. */
export const setAddOnsBody = z
  .object({ addOns: z.array(addOnInput).max(MAX_ADD_ONS, said("addOns.tooMany")) })
  .strict()
  .superRefine((body, ctx) => refuseRepeatedIds(ctx, "addOns", body.addOns, said("addOns.duplicate")));
export type SetAddOnsBody = z.output<typeof setAddOnsBody>;

const addOnFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceMinor: minor,
  per: z.enum(ADD_ON_SCOPES),
  maxPerBooking: z.number().int().positive().nullable(),
};

export const addOnOutput = z.object({
  ...addOnFields,
  stockPerDeparture: count.nullable(),
  stockTotal: count.nullable(),
});
export type AddOn = z.infer<typeof addOnOutput>;

/** An add-on offered on a quote: how many are left for the departure priced (null: no limit). */
export const offeredAddOn = z.object({ ...addOnFields, left: count.nullable() });
export type OfferedAddOn = z.infer<typeof offeredAddOn>;

/** One add-on line of a booking, as sold (its name and unit price then). */
export const bookingAddOn = z.object({
  addOnId: z.string(),
  name: z.string(),
  per: z.enum(ADD_ON_SCOPES),
  quantity: count,
  unitPriceMinor: minor,
});
export type BookingAddOn = z.infer<typeof bookingAddOn>;

/** A priced add-on line of a quote's breakdown. */
export const addOnPriceLine = z.object({
  addOnId: z.string(),
  name: z.string(),
  unitPriceMinor: minor,
  quantity: count,
  totalMinor: minor,
});

/**
 * The add-ons asked for with the tickets (quote and createBooking): one line per add-on (lines of
 * quantity 0 count as none). Judged against the experience's add-ons when priced (400 id.invalid,
 * number.atMost) and against their stock when the seats are taken (409 add_on_sold_out).
 */
export const addOnsRequest = z
  .array(
    z.object({
      addOnId: catalogId,
      quantity: z
        .number({ required_error: said("quantity.required"), invalid_type_error: said("number.whole") })
        .int(said("number.whole"))
        .min(0, said("number.atLeast"))
        .max(MAX_ADD_ON_QUANTITY, said("number.atMost")),
    }),
    { invalid_type_error: said("object.invalid") },
  )
  .max(MAX_ADD_ONS, said("addOns.tooMany"))
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.addOnId))
        ctx.addIssue({ code: "custom", path: [index, "addOnId"], message: said("addOns.duplicate") });
      seen.add(line.addOnId);
    });
  })
  .optional()
  .default([]);
export type AddOnsRequest = z.output<typeof addOnsRequest>;

/** What a booking's add-ons cost, in minor units. */
export const addOnsTotalMinor = (addOns: ReadonlyArray<Pick<BookingAddOn, "quantity" | "unitPriceMinor">>) =>
  addOns.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0);
