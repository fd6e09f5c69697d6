import { z } from "zod";
import { catalogId } from "~contract/fields";
import { MAX_NET_RATES } from "~contract/operator/reseller-rules";
import { majorAmount } from "./price-schemas";

/**
 * A reseller's net rates form (issue 47): for each ticket type it may sell, a net price typed in
 * the operator's currency as people write prices ("42.50"); left empty, the reseller's commission
 * applies to that ticket type. The API judges what only it knows (at most the ticket's price).
 */
export function netRatesSchema(digits: number) {
  return z.object({
    intent: z.literal("netRates"),
    rates: z
      .array(z.object({ ticketTypeId: catalogId, net: majorAmount(digits).optional() }))
      .max(MAX_NET_RATES, "netRates.tooMany"),
  });
}

export type NetRatesValue = z.infer<ReturnType<typeof netRatesSchema>>;
