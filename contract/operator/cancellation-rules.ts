/** The free-cancellation window's rules as plain values (no zod): the API and the console's settings. */

/** The longest free-cancellation window an operator may offer: 30 days before the departure. */
export const MAX_CANCELLATION_CUTOFF_HOURS = 720;
/** The windows the console offers, in hours before the departure (0: until it starts). */
export const CANCELLATION_CUTOFF_CHOICES = [0, 1, 2, 6, 12, 24, 48, 72, 168, 336, 720] as const;
