/**
 * A reseller's net rates (issue 47): for a ticket type, a fixed net price a ticket the reseller
 * owes the operator instead of the retail less its commission. The console lists every ticket type
 * of what the reseller may sell, with its retail price and its net rate if it has one, and sets
 * them all at once.
 */
import { z } from "zod";
import { catalogId, said, wholeNumberIn } from "../fields";
import { minor } from "../output-parts";
import { MAX_NET_RATES } from "./reseller-rules";

/** PUT /v1/operator/resellers/{resellerId}/net-rates: every rate the reseller has (one not listed is removed). */
export const setResellerNetRatesBody = z
  .object({
    rates: z
      .array(
        z
          .object({
            ticketTypeId: catalogId,
            /** Minor units a ticket; at most the ticket type's price. */
            netMinor: wholeNumberIn("netRate.invalid", 0, 100_000_000),
          })
          .strict(),
      )
      .max(MAX_NET_RATES, said("text.tooLong")),
  })
  .strict();
export type SetResellerNetRatesBody = z.infer<typeof setResellerNetRatesBody>;

/** One ticket type the reseller may sell: where it belongs, its retail price and its net rate. */
export const resellerNetRateLine = z.object({
  ticketTypeId: z.string(),
  ticketTypeName: z.string(),
  retailMinor: minor,
  /** Its net rate; null: the retail less the reseller's commission. */
  netMinor: minor.nullable(),
  experienceId: z.string(),
  experienceTitle: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
});
export type ResellerNetRateLine = z.infer<typeof resellerNetRateLine>;

export const resellerNetRates = z.object({
  reseller: z.object({ id: z.string(), name: z.string(), commissionBps: z.number().int() }),
  currency: z.string().length(3),
  /** By experience, service and ticket type, as the catalog orders them. */
  lines: z.array(resellerNetRateLine),
});
export type ResellerNetRates = z.infer<typeof resellerNetRates>;
