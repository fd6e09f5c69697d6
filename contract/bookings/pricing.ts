/**
 * The price of a booking, in minor units. Pure and dependency-free: the API computes the
 * authoritative amounts with it, and the details page uses it for the live breakdown.
 */
export type PricedTicket = { ticketTypeId: string; name: string; unitPriceMinor: number; quantity: number };
export type Promo = { code: string; percentOff: number | null; amountOffMinor: number | null };
/** An add-on chosen with the tickets (issue 46): part of the subtotal like the tickets. */
export type PricedAddOn = { addOnId: string; name: string; unitPriceMinor: number; quantity: number };

export type PriceBreakdown = {
  lines: Array<PricedTicket & { totalMinor: number }>;
  /** The add-ons' lines (none: an empty list); the subtotal counts them with the tickets. */
  addOns: Array<PricedAddOn & { totalMinor: number }>;
  /** A private booking's group price (issue 46): the whole departure, its tickets' lines then cost nothing; null: by the seat. */
  privateMinor: number | null;
  seats: number;
  subtotalMinor: number;
  discountMinor: number;
  feesMinor: number;
  taxMinor: number;
  totalMinor: number;
};

/** The booking fee, in basis points of the discounted subtotal (3%). */
export const SERVICE_FEE_BPS = 300;

export function priceBreakdown(
  tickets: PricedTicket[],
  promo: Promo | null,
  taxBps = 0,
  addOns: PricedAddOn[] = [],
  privateMinor: number | null = null,
): PriceBreakdown {
  const withTotals = <Line extends { unitPriceMinor: number; quantity: number }>(all: Line[]) =>
    all
      .filter((line) => line.quantity > 0)
      .map((line) => ({ ...line, totalMinor: line.unitPriceMinor * line.quantity }));
  // A private booking's guests are all in its group price.
  const lines = withTotals(privateMinor === null ? tickets : tickets.map((line) => ({ ...line, unitPriceMinor: 0 })));
  const addOnLines = withTotals(addOns);
  const seats = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalMinor = [...lines, ...addOnLines].reduce((sum, line) => sum + line.totalMinor, privateMinor ?? 0);
  let discountMinor = 0;
  if (promo?.percentOff) discountMinor = Math.round((subtotalMinor * promo.percentOff) / 100);
  else if (promo?.amountOffMinor) discountMinor = promo.amountOffMinor;
  discountMinor = Math.min(discountMinor, subtotalMinor);
  const discounted = subtotalMinor - discountMinor;
  const feesMinor = Math.round((discounted * SERVICE_FEE_BPS) / 10_000);
  const taxMinor = Math.round((discounted * taxBps) / 10_000);
  return {
    lines,
    addOns: addOnLines,
    privateMinor,
    seats,
    subtotalMinor,
    discountMinor,
    feesMinor,
    taxMinor,
    totalMinor: discounted + feesMinor + taxMinor,
  };
}

/**
 * The part of a booking's service fee that a refund gives back: in proportion to the refund, as
 * the payment provider refunds an application fee (api/operator/reports.ts sums the same rounding).
 */
export function serviceFeeRefunded(booking: { feesMinor: number; totalMinor: number }, refundMinor: number): number {
  if (booking.totalMinor <= 0) return 0;
  return Math.round((booking.feesMinor * refundMinor) / booking.totalMinor);
}
