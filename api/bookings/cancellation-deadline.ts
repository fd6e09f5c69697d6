import { clockNow } from "../clock";

/**
 * The free-cancellation rule, as a moment: a booking can be cancelled with a full refund while its
 * departure starts more than the operator's cutoff from now (the same rule as `canCancelSql`),
 * so the last moment is the departure minus the cutoff (whole hours of elapsed time, as SQL's
 * `make_interval(hours => …)`). Null once that moment has passed: there is nothing left to promise.
 */
export function freeCancellationUntil(startsAt: Date, cutoffHours: number, now: Date = clockNow()): string | null {
  const deadline = new Date(startsAt.getTime() - cutoffHours * 3_600_000);
  return deadline > now ? deadline.toISOString() : null;
}
