import { z } from "zod";
import { typedLine, typedLines, said } from "../fields";
import { catalogId } from "../catalog/requests";
import { DECIMAL_AMOUNT } from "../money";
import { PRIVATE_SALES } from "../statuses";
import type * as out from "../outputs";
import { DEPOSIT_KINDS, MAX_DEPOSIT_DAYS } from "../bookings/deposit-rules";
import {
  MAX_DURATION_MINUTES,
  MAX_PRICE_MINOR,
  MAX_SERVICE_CAPACITY,
  MAX_TICKET_TYPES,
  TICKET_CODE,
} from "./service-limits";

export * from "./service-limits";

/**
 * The console's services (what is sold of an experience: duration, default capacity) and their
 * ticket types (adult, child, … with a price in the operator's currency, minor units).
 */

export const experienceIdParams = z.object({ experienceId: catalogId });
export const serviceIdParams = z.object({ serviceId: catalogId });

const name = typedLine(z.string().trim().min(1, said("name.required")).max(120, said("text.tooLong")));
/** A whole number from min to max; `what` names the codes of its missing and its fractional value. */
const whole = (min: number, max: number, what: "duration" | "capacity" | "position" | "price") =>
  z
    .number({ invalid_type_error: said(`${what}.whole`), required_error: said(`${what}.required`) })
    .int(said(`${what}.whole`))
    .min(min, said("number.useAtLeast"))
    .max(max, said("number.useAtMost"));

const serviceFields = {
  name,
  description: typedLines(z.string().trim().max(2000, said("text.tooLong"))),
  durationMinutes: whole(1, MAX_DURATION_MINUTES, "duration"),
  capacity: whole(1, MAX_SERVICE_CAPACITY, "capacity"),
  sortOrder: whole(0, 1000, "position"),
};

/** POST /v1/operator/experiences/{experienceId}/services (without a position: after the others). */
export const createServiceBody = z
  .object({
    ...serviceFields,
    description: serviceFields.description.default(""),
    sortOrder: serviceFields.sortOrder.optional(),
  })
  .strict();

/** A whole number of days, 1 to MAX_DEPOSIT_DAYS. */
const days = z
  .number({ invalid_type_error: said("number.whole"), required_error: said("number.whole") })
  .int(said("number.whole"))
  .min(1, said("number.useAtLeast"))
  .max(MAX_DEPOSIT_DAYS, said("number.useAtMost"));

/**
 * The deposit a service asks (issue 46, item 5): `value` is basis points for a percentage (2500 =
 * 25 %, below 100 %) or minor units for a fixed amount; asked when the departure is more than
 * `minDaysBefore` days away, the balance charged `balanceDueDaysBefore` days before it (at most
 * `minDaysBefore`). Null: no deposit.
 */
export const depositSettingsInput = z
  .object({
    kind: z.enum(DEPOSIT_KINDS),
    value: z
      .number({ invalid_type_error: said("number.whole"), required_error: said("number.whole") })
      .int(said("number.whole"))
      .min(1, said("number.useAtLeast")),
    minDaysBefore: days,
    balanceDueDaysBefore: days,
  })
  .strict()
  .superRefine((deposit, ctx) => {
    const most = deposit.kind === "percent" ? 9999 : MAX_PRICE_MINOR;
    if (deposit.value > most)
      ctx.addIssue({
        code: z.ZodIssueCode.too_big,
        maximum: most,
        inclusive: true,
        type: "number",
        path: ["value"],
        message: said("number.useAtMost"),
      });
    if (deposit.balanceDueDaysBefore > deposit.minDaysBefore)
      ctx.addIssue({
        code: z.ZodIssueCode.too_big,
        maximum: deposit.minDaysBefore,
        inclusive: true,
        type: "number",
        path: ["balanceDueDaysBefore"],
        message: said("number.useAtMost"),
      });
  });

/** PATCH /v1/operator/services/{serviceId}: the fields to change (at least one). */
export const updateServiceBody = z
  .object({ ...serviceFields, deposit: depositSettingsInput.nullable() })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: said("body.empty") });

/**
 * One ticket type. `code` (OCTO's unit id, in bookings' tickets): a type that has one sends it to
 * keep it; without it one is made from the name (adult, child… for those kinds; else the name's
 * slug; a number added when another type of the list has it).
 */
export const ticketTypeInput = z
  .object({
    code: z.string().trim().regex(TICKET_CODE, said("ticketCode.invalid")).optional(),
    name: typedLine(z.string().trim().min(1, said("name.required")).max(80, said("text.tooLong"))),
    /** The price in minor units (or `price`: one of the two). */
    priceMinor: whole(0, MAX_PRICE_MINOR, "price").optional(),
    /**
     * The price as typed in the operator's currency ("12.50"; "1500" for yen): the API turns it
     * into minor units with that currency (at most its minor unit's digits: else price.invalid).
     */
    price: z
      .string({ invalid_type_error: said("price.invalid") })
      .regex(DECIMAL_AMOUNT, said("price.invalid"))
      .optional(),
  })
  .strict()
  .superRefine((type, ctx) => {
    if (type.priceMinor !== undefined && type.price !== undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: said("price.oneOf") });
    } else if (type.priceMinor === undefined && type.price === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["priceMinor"], message: said("price.required") });
    }
  });

/** PUT /v1/operator/services/{serviceId}/ticket-types: the whole list, in the order shown to guests. */
export const setTicketTypesBody = z
  .object({
    ticketTypes: z
      .array(ticketTypeInput)
      .min(1, said("ticketTypes.required"))
      .max(MAX_TICKET_TYPES, said("ticketTypes.tooMany")),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.ticketTypes.forEach((type, index) => {
      if (type.code === undefined) return;
      if (seen.has(type.code))
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["ticketTypes", index, "code"],
          message: said("ticketCode.duplicate"),
        });
      seen.add(type.code);
    });
  });

/**
 * PUT /v1/operator/services/{serviceId}/private-sale (issue 46): never, both ways or only private;
 * sold private, its group price (`priceMinor`, or `price` as typed in the operator's currency: one
 * of the two) and the most guests (at most the service's capacity).
 */
export const setPrivateSaleBody = z
  .object({
    sale: z.enum(PRIVATE_SALES, { errorMap: () => ({ message: said("choice.invalid") }) }),
    priceMinor: whole(0, MAX_PRICE_MINOR, "price").optional(),
    price: z
      .string({ invalid_type_error: said("price.invalid") })
      .regex(DECIMAL_AMOUNT, said("price.invalid"))
      .optional(),
    maxGuests: whole(1, MAX_SERVICE_CAPACITY, "capacity").optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.sale === "none") return;
    if (body.priceMinor !== undefined && body.price !== undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: said("price.oneOf") });
    else if (body.priceMinor === undefined && body.price === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: said("price.required") });
    if (body.maxGuests === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["maxGuests"], message: said("capacity.required") });
  });
export type SetPrivateSaleBody = z.infer<typeof setPrivateSaleBody>;

export type CreateServiceBody = z.infer<typeof createServiceBody>;
export type UpdateServiceBody = z.infer<typeof updateServiceBody>;
export type SetTicketTypesBody = z.infer<typeof setTicketTypesBody>;
export type OperatorService = z.infer<typeof out.operatorService>;
export type OperatorServices = z.infer<typeof out.operatorServices>;
