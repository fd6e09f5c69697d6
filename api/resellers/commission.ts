/**
 * The reseller's terms (issue 47), in one place: of each ticket of a ticket type with a net rate it
 * owes the operator that rate; of the rest of the retail (other tickets, add-ons, fees, taxes) the
 * retail less its commission (basis points), rounded to the minor unit; the commission is what is
 * left, so the two always add up to the retail. OCTO's prices (`net`) and the reseller's monthly
 * statement both read it.
 */

/** A reseller's commission and its net rates (ticket type id → minor units a ticket). */
export interface ResellerTerms {
  commissionBps: number;
  netRates: ReadonlyMap<string, number>;
}

/** The net a reseller owes of `retailMinor` at `commissionBps` (1500 = 15 %). */
export const resellerNetMinor = (retailMinor: number, commissionBps: number): number =>
  Math.round((retailMinor * (10_000 - commissionBps)) / 10_000);

/** The net of one ticket of `ticketTypeId` sold at `retailMinor`: its net rate, else the retail less the commission. */
export const unitNetMinor = (terms: ResellerTerms, ticketTypeId: string, retailMinor: number): number =>
  terms.netRates.get(ticketTypeId) ?? resellerNetMinor(retailMinor, terms.commissionBps);

interface TicketLine {
  ticketTypeId: string;
  quantity: number;
  unitPriceMinor: number;
}

/**
 * The net of a whole order of `totalMinor`: its tickets with a net rate at that rate, the rest of
 * the total less the commission.
 */
export function orderNetMinor(terms: ResellerTerms, totalMinor: number, tickets: readonly TicketLine[]): number {
  let rated = 0;
  let ratedRetail = 0;
  for (const line of tickets) {
    const rate = terms.netRates.get(line.ticketTypeId);
    if (rate === undefined) continue;
    rated += rate * line.quantity;
    ratedRetail += line.unitPriceMinor * line.quantity;
  }
  return rated + resellerNetMinor(Math.max(0, totalMinor - ratedRetail), terms.commissionBps);
}
