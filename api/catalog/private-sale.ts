import type { ServiceRow } from "../db/schema";
import type { PrivateSaleOffer } from "~contract/catalog/private-sale";

/** How a service is sold private (issue 46): the whole departure for up to its guests at its group price; null: never. */
export function privateSaleOf(
  service: Pick<ServiceRow, "privateSale" | "privatePriceMinor" | "privateMaxGuests">,
): PrivateSaleOffer | null {
  if (service.privateSale === "none" || service.privatePriceMinor === null || service.privateMaxGuests === null)
    return null;
  return {
    only: service.privateSale === "only",
    priceMinor: service.privatePriceMinor,
    maxGuests: service.privateMaxGuests,
  };
}
