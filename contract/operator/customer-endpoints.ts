import { domain, endpoint } from "../endpoint";
import {
  customerNote,
  customerNoteBody,
  customerParams,
  customersList,
  customersQuery,
  operatorCustomer,
} from "./customers";

/** The operator's customers (issue 42, item 6): one per email, only their bookings with this operator. */
export const consoleCustomerEndpoints = domain("Operator console: customers", {
  operatorListCustomers: endpoint({
    method: "GET",
    path: "/v1/operator/customers",
    summary:
      "Everyone who booked with this operator, one per email (the booking's guest email, else its account holder's, lower-cased): bookings, total spent, last booked, last visit, notes and marketing consent, counted from this operator's bookings only. `q` finds any part of the email or name; `consented=true` only those who consented; sorted (`recent`, `email`, `spent`) and paged by `cursor`. CSV (`Accept: text/csv` or `format=csv`): ONLY the consenting customers, whatever `consented` says (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    query: customersQuery,
    output: customersList,
    alternateMedia: "text/csv",
    errors: [],
  }),
  operatorCustomer: endpoint({
    method: "GET",
    path: "/v1/operator/customers/:customerId",
    summary:
      "One customer (`customerId`: the base64url of their lower-cased email, as the list gives it): their bookings with this operator, newest first, and the team's notes; 404 `customer_not_found` when they never booked with this operator (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    params: customerParams,
    output: operatorCustomer,
    errors: ["customer_not_found"],
  }),
  operatorAddCustomerNote: endpoint({
    method: "POST",
    path: "/v1/operator/customers/:customerId/notes",
    summary:
      "A note on a customer of this operator (only the team sees it; written to the audit log); 404 `customer_not_found` when they never booked with this operator (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    params: customerParams,
    body: customerNoteBody,
    output: customerNote,
    statuses: [201],
    errors: ["customer_not_found"],
  }),
});
