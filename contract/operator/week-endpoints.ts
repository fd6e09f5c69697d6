import { domain, endpoint } from "../endpoint";
import { calendarQuery, operatorCalendar, operatorHome } from "./week";

/** The week at a glance (issue 42, item 5): the console's home and its calendar. */
export const consoleWeekEndpoints = domain("Operator console: the week at a glance", {
  operatorHome: endpoint({
    method: "GET",
    path: "/v1/operator/home",
    summary:
      "The console's home: today's and tomorrow's departures (each on its own experience's local day, zone named) with seats sold, check-ins so far and the guide; the bookings made since yesterday began (count and the newest; money only for owner and manager); and what waits for a decision (departures a schedule change left with bookings, refunds owed, waitlist offers expiring within a day; null for a guide). A guide sees only the departures assigned to them (every member)",
    auth: "user",
    member: "any",
    tenant: true,
    output: operatorHome,
    errors: [],
  }),
  operatorCalendar: endpoint({
    method: "GET",
    path: "/v1/operator/calendar",
    summary:
      "The calendar across experiences: the week (Monday to Sunday) or month holding `from` (default today in the operator's zone), every day with its departures (each on its own experience's local day, zone named), seats sold of capacity, check-ins so far and the guide. A guide sees only the departures assigned to them (every member)",
    auth: "user",
    member: "any",
    tenant: true,
    query: calendarQuery,
    output: operatorCalendar,
    errors: [],
  }),
});
