import { idempotencyKeyHeaders } from "../bookings/requests";
import { domain, endpoint } from "../endpoint";
import { operatorBookingParams } from "./refunds";
import {
  bookable,
  bookableQuery,
  bookingSettings,
  bookingSettingsBody,
  markedPaid,
  staffBookingBody,
  staffBookingPlaced,
} from "./staff-bookings";

/** The desk (issue 42, item 2): bookings the team takes for a guest, on the phone or at the desk. */
export const consoleStaffBookingEndpoints = domain("Operator console: the desk", {
  operatorCreateBooking: endpoint({
    method: "POST",
    path: "/v1/operator/bookings",
    summary:
      "Take a booking for a guest (name, email, optional US phone; no account needed) on any departure of the operator — a closed one only with `allowClosed` — at the listed price or `customTotal` with a `priceReason`, with createBooking's `addOns`, `pickupPointId` and `private` (the same rules and refusals; answers to booking questions are not asked at the desk), paid by `card_link` (held 23 hours, a payment link emailed), `card_now` (the checkout answered to open at the desk), `cash` (paid), `pay_on_arrival` (confirmed, owed) or `comp` (free, with a reason). The same seats as every channel; channel `staff`; audited. The same Idempotency-Key from the same member answers the same booking (201; 200 for a key used before). Owner and manager; a guide when the owner allows it, on departures assigned to them",
    auth: "user",
    member: "any",
    tenant: true,
    headers: idempotencyKeyHeaders,
    body: staffBookingBody,
    output: staffBookingPlaced,
    statuses: [201, 200],
    errors: [
      "slot_not_found",
      "departure_closed",
      "departure_cancelled",
      "sold_out",
      "private_unavailable",
      "add_on_sold_out",
      "pickup_required",
      "idempotency_key_reused",
      "payment_unavailable",
      "payouts_not_ready",
    ],
    changes: ["seats"],
  }),
  operatorBookable: endpoint({
    method: "GET",
    path: "/v1/operator/bookable",
    summary:
      "What the desk may book: the operator's experiences and, with `experienceId`, its departures that have not started (seats left, closed ones marked) ticket types, services sold private, pickup points and add-ons (prices null for a guide). Members who may take bookings (a guide: their departures)",
    auth: "user",
    member: "any",
    tenant: true,
    query: bookableQuery,
    output: bookable,
    errors: [],
  }),
  operatorMarkBookingPaid: endpoint({
    method: "POST",
    path: "/v1/operator/bookings/:bookingId/paid",
    summary:
      "The money a booking owed (pay on arrival) was taken: it becomes paid (cash); audited. Owner and manager; a guide who may take bookings, on their departures. Again: the same answer",
    auth: "user",
    member: "any",
    tenant: true,
    whileSuspended: true,
    params: operatorBookingParams,
    output: markedPaid,
    errors: ["booking_not_found", "booking_not_owed"],
  }),
  operatorBookingSettings: endpoint({
    method: "GET",
    path: "/v1/operator/booking-settings",
    summary: "The desk's settings: whether guides may take bookings (owner)",
    auth: "user",
    member: "owner",
    tenant: true,
    output: bookingSettings,
    errors: [],
  }),
  operatorUpdateBookingSettings: endpoint({
    method: "PUT",
    path: "/v1/operator/booking-settings",
    summary: "Let guides take bookings at the desk (on departures assigned to them), or not; audited (owner)",
    auth: "user",
    member: "owner",
    tenant: true,
    body: bookingSettingsBody,
    output: bookingSettings,
    errors: [],
  }),
});
