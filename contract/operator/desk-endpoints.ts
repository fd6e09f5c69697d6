import { domain, endpoint } from "../endpoint";
import { bookingsList, bookingsListQuery } from "./bookings";

/** The desk (issue 42): the operator's bookings found, taken, moved and written to. */
export const consoleDeskEndpoints = domain("Operator console: the desk", {
  operatorListBookings: endpoint({
    method: "GET",
    path: "/v1/operator/bookings",
    summary:
      "Every booking of the operator, newest booked first or by departure: `q` finds any part of a reference, ticket code, or the guest's name, email or phone; `from`/`to` are local dates of the departure in its experience's zone; filtered by experience, status, channel and payment; paged by `cursor` (the previous page's `nextCursor`). A guide sees only the bookings of departures assigned to them, and no money. JSON, or CSV (every matching row, times local and naming their zone, money in major units) with `Accept: text/csv` or `format=csv` (every member)",
    auth: "user",
    member: "any",
    tenant: true,
    query: bookingsListQuery,
    output: bookingsList,
    alternateMedia: "text/csv",
    errors: [],
  }),
});
