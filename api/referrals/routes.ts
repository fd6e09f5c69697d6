import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { requestOrigin } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { myReferral, referralInvite } from "./service";

export const referralRoutes = new Hono<AppEnv>();

/** Public: the landing page of an invitation link (signed in: whether it is the caller's own). */
handle(referralRoutes, endpoints.referralInvite, async (c, { params }) =>
  referralInvite(c.get("db"), params.code, c.get("identity")?.uid ?? null),
);

handle(referralRoutes, endpoints.myReferral, async (c) =>
  myReferral(c.get("db"), c.get("identity").uid, requestOrigin(c)),
);
