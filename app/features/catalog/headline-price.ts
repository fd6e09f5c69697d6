import type { TicketTypeView } from "~contract/catalog/requests";

/**
 * The price a service is shown with: its adult ticket (what most guests pay), else its cheapest
 * ticket; null when it sells none.
 */
export function headlinePrice(ticketTypes: readonly TicketTypeView[]): TicketTypeView | null {
  const adult = ticketTypes.find((type) => type.code === "adult");
  if (adult) return adult;
  return ticketTypes.reduce<TicketTypeView | null>(
    (lowest, type) => (lowest === null || type.priceMinor < lowest.priceMinor ? type : lowest),
    null,
  );
}
