/** The resellers' rules both sides read (a plain module: the add form's schema loads it in the browser). */

/** The longest reseller name. */
export const RESELLER_NAME_MAX = 120;

/** The most net rates one call sets (a reseller's ticket types). */
export const MAX_NET_RATES = 1_000;
