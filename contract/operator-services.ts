import { z } from "zod";
import { typedLine, typedLines } from "./fields";
import { catalogId } from "./catalog";
import type * as out from "./outputs";
import {
  COMMON_TICKET_CODES,
  MAX_DURATION_MINUTES,
  MAX_PRICE_MINOR,
  MAX_SERVICE_CAPACITY,
  MAX_TICKET_TYPES,
  TICKET_CODE,
} from "./service-limits";

export {
  COMMON_TICKET_CODES,
  MAX_DURATION_MINUTES,
  MAX_PRICE_MINOR,
  MAX_SERVICE_CAPACITY,
  MAX_TICKET_TYPES,
  TICKET_CODE,
};

/**
 * The console's services (what is sold of an experience: duration, default capacity) and their
 * ticket types (adult, child, … with a price in the operator's currency, minor units).
 */

export const experienceIdParams = z.object({ experienceId: catalogId });
export const serviceIdParams = z.object({ serviceId: catalogId });

const name = typedLine(z.string().trim().min(1, "Enter a name.").max(120, "Use at most 120 characters."));
const whole = (min: number, max: number, what: string) =>
  z
    .number({ invalid_type_error: `Enter ${what} as a whole number.`, required_error: `Enter ${what}.` })
    .int(`Enter ${what} as a whole number.`)
    .min(min, `Use at least ${min}.`)
    .max(max, `Use at most ${max}.`);

const serviceFields = {
  name,
  description: typedLines(z.string().trim().max(2000, "Use at most 2000 characters.")),
  durationMinutes: whole(1, MAX_DURATION_MINUTES, "the duration in minutes"),
  capacity: whole(1, MAX_SERVICE_CAPACITY, "the capacity"),
  sortOrder: whole(0, 1000, "the position"),
};

/** POST /v1/operator/experiences/{experienceId}/services (without a position: after the others). */
export const createServiceBody = z
  .object({
    ...serviceFields,
    description: serviceFields.description.default(""),
    sortOrder: serviceFields.sortOrder.optional(),
  })
  .strict();

/** PATCH /v1/operator/services/{serviceId}: the fields to change (at least one). */
export const updateServiceBody = z
  .object(serviceFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change." });

/**
 * One ticket type. `code` (OCTO's unit id, in bookings' tickets): a type that has one sends it to
 * keep it; without it one is made from the name (adult, child… for those kinds; else the name's
 * slug; a number added when another type of the list has it).
 */
export const ticketTypeInput = z
  .object({
    code: z
      .string()
      .trim()
      .regex(TICKET_CODE, "Use a-z, 0-9 and _ (starting with a letter), at most 32 characters.")
      .optional(),
    name: typedLine(z.string().trim().min(1, "Enter a name.").max(80, "Use at most 80 characters.")),
    priceMinor: whole(0, MAX_PRICE_MINOR, "the price in minor units"),
  })
  .strict();

/** PUT /v1/operator/services/{serviceId}/ticket-types: the whole list, in the order shown to guests. */
export const setTicketTypesBody = z
  .object({
    ticketTypes: z
      .array(ticketTypeInput)
      .min(1, "Keep at least one ticket type.")
      .max(MAX_TICKET_TYPES, `Use at most ${MAX_TICKET_TYPES} ticket types.`),
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
          message: "Use each code once.",
        });
      seen.add(type.code);
    });
  });

export type CreateServiceBody = z.infer<typeof createServiceBody>;
export type UpdateServiceBody = z.infer<typeof updateServiceBody>;
export type SetTicketTypesBody = z.infer<typeof setTicketTypesBody>;
export type OperatorService = z.infer<typeof out.operatorService>;
export type OperatorServices = z.infer<typeof out.operatorServices>;
