import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { signedInWrite } from "../http/client-info";
import { handle, withStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { offerState } from "../bookings/waitlist-offer";
import { departuresOf } from "../members/guard";
import { departureWaitlist, joinWaitlist, leaveWaitlist, listWaitlist, waitlistDeparture } from "./service";

export const waitlistRoutes = new Hono<AppEnv>();

handle(waitlistRoutes, endpoints.joinWaitlist, async (c, { body }) =>
  withStatus(201, await joinWaitlist(c.get("db"), signedInWrite(c, body))),
);

handle(waitlistRoutes, endpoints.waitlistDeparture, async (c, { params, query }) =>
  waitlistDeparture(c.get("db"), c.get("account"), query.serviceId, params.slotId),
);

handle(waitlistRoutes, endpoints.waitlistOfferStatus, async (c, { body }) =>
  offerState(c.get("db"), c.get("identity").uid, body.slotId, body.token),
);

handle(waitlistRoutes, endpoints.leaveWaitlist, async (c, { params }) =>
  leaveWaitlist(c.get("db"), { userId: c.get("identity").uid, scope: c.get("account"), entryId: params.entryId }),
);

handle(waitlistRoutes, endpoints.myWaitlist, async (c) =>
  listWaitlist(c.get("db"), c.get("identity").uid, c.get("account")),
);

// A departure's waitlist in the console: the operator guard first (every member may view; a guide,
// the departures assigned to them).
handle(waitlistRoutes, endpoints.operatorDepartureWaitlist, async (c, { params, member }) => {
  return departureWaitlist(c.get("db"), member.account.id, params.departureId, departuresOf(member));
});
