import { domain, endpoint } from "../endpoint";
import { operatorBookingParams } from "./refunds";
import { bookingHistory, guestMessageResult, operatorMessageGuestsBody } from "./guest-messages";

/** The desk (issue 42, item 4): messages to guests, and a booking's history. */
export const consoleMessageEndpoints = domain("Operator console: messages to guests", {
  operatorMessageGuests: endpoint({
    method: "POST",
    path: "/v1/operator/messages",
    summary:
      "Write to the guest of one booking (`bookingId`, confirmed) or to everyone confirmed on a departure (`departureId`): by email in the operator's branding and, with `sms`, by SMS to those who gave a phone; a guest who turned booking messages off on a channel is skipped there and listed; each booking written to keeps the message on its history with its sender. At most 10 sends an hour per departure, 30 per member (429). Every member; a guide only for the departures assigned to them (else 404)",
    auth: "user",
    member: "any",
    tenant: true,
    body: operatorMessageGuestsBody,
    output: guestMessageResult,
    errors: ["booking_not_found", "departure_not_found", "booking_not_confirmed"],
  }),
  operatorBookingHistory: endpoint({
    method: "GET",
    path: "/v1/operator/bookings/:bookingId/history",
    summary:
      "A booking's history, newest first: the messages written to its guest (who sent them, when, template, subject, body, channels) and its audit log entries; a guide only for the departures assigned to them (else 404), and without the entries about money",
    auth: "user",
    member: "any",
    tenant: true,
    params: operatorBookingParams,
    output: bookingHistory,
    errors: ["booking_not_found"],
  }),
});
