import { isApiError } from "~contract/errors";
import { operatorBookingParams } from "~contract/operator-refunds";
import { orNotFound } from "~/platform/api-errors.server";
import { requireParams } from "~/platform/http.server";
import { requireConsoleAbility } from "./console.server";

/** The console booking page's caller and booking: every member may view (a guide: the departures they lead, else 404). */
export async function consoleBookingOf(request: Request, params: Record<string, string | undefined>) {
  const [caller, { bookingId }] = await Promise.all([
    requireConsoleAbility(request, "runDay"),
    requireParams(request, params, operatorBookingParams.shape),
  ]);
  const page = await orNotFound(request, caller.api.call("operatorGetBooking", { params: { bookingId } }));
  return { ...caller, bookingId, page, path: `/console/bookings/${bookingId}` };
}

/** What the refund form shows when the API refused the refund for its figures (a 409 in words). */
export interface RefundConflict {
  conflict: { key: string; amountMinor: number; currency: string };
}

/** Refunded meanwhile (refund_stale) or more than is left (refund_exceeds_paid): the current figure; else null. */
export function refundConflictOf(error: unknown, currency: string): RefundConflict | null {
  if (!isApiError(error, "refund_stale", "refund_exceeds_paid")) return null;
  const stale = error.code === "refund_stale";
  const amountMinor = Number(stale ? error.details?.refundedMinor : error.details?.refundableMinor);
  return {
    conflict: {
      key: stale ? "refunds.stale" : "refunds.exceeds",
      amountMinor: Number.isFinite(amountMinor) ? amountMinor : 0,
      currency,
    },
  };
}
