/**
 * How a service is sold private (issue 46): never, both ways, or only private; its group price and
 * the most guests. A change applies to bookings made after it: a private booking keeps its price
 * (bookings.private_price_minor) and its departure.
 */
import { eq } from "drizzle-orm";
import type { OperatorService, SetPrivateSaleBody } from "~contract/operator/services";
import type { Db } from "../db/client";
import { services } from "../db/schema";
import { validationError } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";
import type { Actor } from "../audit/log";
import { changeServicePrices, typedPriceMinor } from "./ticket-types";

/** The sale's figures as stored: none clears them; a price typed in the currency in minor units. */
function figuresOf(input: SetPrivateSaleBody, currency: string, capacity: number) {
  if (input.sale === "none") return { privateSale: input.sale, privatePriceMinor: null, privateMaxGuests: null };
  const typed = input.price === undefined ? { minor: input.priceMinor! } : typedPriceMinor(input.price, currency);
  if ("refused" in typed) throw validationError({ price: [typed.refused] });
  if (input.maxGuests! > capacity)
    throw validationError({
      maxGuests: [FIELD_MESSAGES["number.useAtMost"].replace("{maximum}", String(capacity))],
    });
  return { privateSale: input.sale, privatePriceMinor: typed.minor, privateMaxGuests: input.maxGuests! };
}

/** PUT /v1/operator/services/{serviceId}/private-sale: audited (service.private_sale_set). */
export async function setPrivateSale(
  db: Db,
  actor: Actor,
  currency: string,
  serviceId: string,
  input: SetPrivateSaleBody,
): Promise<OperatorService> {
  return changeServicePrices(
    db,
    actor,
    { currency, serviceId, action: "service.private_sale_set" },
    async (tx, before) => {
      const figures = figuresOf(input, currency, before.capacity);
      const [after] = await tx.update(services).set(figures).where(eq(services.id, before.id)).returning();
      const stated = (service: typeof before) =>
        JSON.stringify({
          sale: service.privateSale,
          priceMinor: service.privatePriceMinor,
          maxGuests: service.privateMaxGuests,
        });
      return { service: after, before: stated(before), after: stated(after) };
    },
  );
}
