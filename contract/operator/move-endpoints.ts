import { optionalIdempotencyKeyHeaders } from "../bookings/requests";
import { domain, endpoint } from "../endpoint";
import {
  moveBookingBody,
  moveBookingParams,
  moveDepartureBody,
  moveDepartureParams,
  operatorMovedBooking,
  operatorMovedDeparture,
} from "./moves";

/** The desk (issue 42, item 3): guests moved to another departure of the same experience by the team. */
export const consoleMoveEndpoints = domain("Operator console: moving guests", {
  operatorMoveBooking: endpoint({
    method: "POST",
    path: "/v1/operator/bookings/:bookingId/move",
    summary:
      "Move a confirmed booking to another departure of its service that has not started and has room: a new ticket code, the old seats released, the guest told (email with the updated calendar file and the new ticket, in-app). The price difference (today's prices against what was paid) is refunded (`refund`, the default, a cheaper departure), asked of the guest (`charge`, a dearer one: the new seats held, a payment link emailed, the move made once paid) or waived (`waive`). The same Idempotency-Key again answers the first answer (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    params: moveBookingParams,
    headers: optionalIdempotencyKeyHeaders,
    body: moveBookingBody,
    output: operatorMovedBooking,
    errors: [
      "booking_not_found",
      "not_reschedulable",
      "checked_in",
      "same_departure",
      "slot_not_found",
      "sales_closed",
      "sold_out",
      "difference_costs_more",
      "difference_costs_less",
      "experience_unpublished",
      "idempotency_key_reused",
      "payouts_not_ready",
    ],
    changes: ["seats"],
  }),
  operatorMoveDeparture: endpoint({
    method: "POST",
    path: "/v1/operator/departures/:departureId/move",
    summary:
      "Move every guest of a departure to another departure of its service (`move`: confirmed bookings oldest booked first, each that fits moved with a new ticket code and told once, the price difference waived; those that do not fit listed, not moved), or offer each guest a departure of their choice (`offer`: an email with a link to their booking's date change, open past the usual deadline until the departure starts; a guest without an account is asked to call or reply). The same Idempotency-Key again answers the first answer (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    params: moveDepartureParams,
    headers: optionalIdempotencyKeyHeaders,
    body: moveDepartureBody,
    output: operatorMovedDeparture,
    errors: ["departure_not_found", "same_departure", "slot_not_found", "sales_closed", "idempotency_key_reused"],
    changes: ["seats"],
  }),
});
