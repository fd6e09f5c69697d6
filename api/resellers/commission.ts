/**
 * The reseller's commission rule (issue 47), in one place: what it owes the operator of a retail
 * amount is the retail less its commission (basis points), rounded to the minor unit; the
 * commission is the rest, so the two always add up to the retail. OCTO's prices (`net`) and the
 * reseller's monthly statement both read it.
 */

/** The net a reseller owes of `retailMinor` at `commissionBps` (1500 = 15 %). */
export const resellerNetMinor = (retailMinor: number, commissionBps: number): number =>
  Math.round((retailMinor * (10_000 - commissionBps)) / 10_000);

/** The reseller's commission of `retailMinor`: the retail less the net. */
export const resellerCommissionMinor = (retailMinor: number, commissionBps: number): number =>
  retailMinor - resellerNetMinor(retailMinor, commissionBps);
