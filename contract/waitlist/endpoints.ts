import {
  joinWaitlistBody,
  waitlistDeparture,
  waitlistDepartureParams,
  waitlistDepartureQuery,
  waitlistEntries,
  waitlistEntry,
  waitlistEntryParams,
  waitlistOfferStatus,
  waitlistOfferStatusBody,
} from "./requests";
import { domain, endpoint } from "../endpoint";

export const waitlistEndpoints = domain("Waitlist", {
  joinWaitlist: endpoint({
    method: "POST",
    path: "/v1/waitlist",
    summary:
      "Join a departure's waitlist for a party of `seats` (201): only while it is on sale with fewer seats left than the party; one entry per traveller and departure, ever. Freed seats then go to the line, in order, to the first whose party fits, held for an offer (WAITLIST_OFFER_HOURS, never past the cut-off) sent by email and notification",
    auth: "user",
    tenant: true,
    body: joinWaitlistBody,
    output: waitlistEntry,
    statuses: [201],
    errors: ["not_found", "slot_not_found", "sales_closed", "seats_available", "already_on_waitlist", "user_not_found"],
    changes: ["user"],
  }),
  waitlistDeparture: endpoint({
    method: "GET",
    path: "/v1/waitlist/departures/:slotId",
    summary:
      "A departure of a service still on sale, as the waitlist's join form names it: experience, option, start and end, the experience's zone, seats left",
    auth: "user",
    tenant: true,
    params: waitlistDepartureParams,
    query: waitlistDepartureQuery,
    output: waitlistDeparture,
    errors: ["not_found", "slot_not_found", "sales_closed"],
    dependsOn: ["seats"],
  }),
  waitlistOfferStatus: endpoint({
    method: "POST",
    path: "/v1/waitlist/offer-status",
    summary:
      "How the waitlist offer behind a link's token stands for the caller on this departure: open (with its seats), used (with its booking), expired, declined, withdrawn, not_yours or unknown; the confirm page says which",
    auth: "user",
    tenant: true,
    body: waitlistOfferStatusBody,
    output: waitlistOfferStatus,
    errors: [],
  }),
  leaveWaitlist: endpoint({
    method: "POST",
    path: "/v1/waitlist/:entryId/leave",
    summary:
      "Leave the waitlist in one click: a waiting entry is left, an offered one declined (its seats pass to the next in line); no second offer either way. Leaving again answers the entry as it is",
    auth: "user",
    tenant: true,
    params: waitlistEntryParams,
    output: waitlistEntry,
    errors: ["waitlist_entry_not_found"],
    changes: ["user", "seats"],
  }),
  myWaitlist: endpoint({
    method: "GET",
    path: "/v1/user/waitlist",
    summary: "The caller's waitlist entries, newest first, with the place in line and an open offer's expiry",
    auth: "user",
    tenant: true,
    output: waitlistEntries,
    errors: [],
    dependsOn: ["user"],
  }),
});
