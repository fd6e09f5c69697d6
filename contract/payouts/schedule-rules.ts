/**
 * The payout schedule's limits (issue 45), a plain module: the console's schedule form reads them
 * in the browser without loading the request schemas (./money-requests.ts) or zod.
 */

/** How often an operator's available balance is paid out (payout_accounts.schedule_interval). */
export const PAYOUT_INTERVALS = ["daily", "weekly", "monthly"] as const;
export type PayoutInterval = (typeof PAYOUT_INTERVALS)[number];

/** The last day of the month a monthly payout may fall on (every month has it). */
export const MAX_MONTHLY_PAYOUT_DAY = 28;
/** The longest hold after a departure before its money may be paid out, in days. */
export const MAX_HOLD_DAYS = 30;
