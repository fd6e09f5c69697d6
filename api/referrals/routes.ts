import { Hono } from "hono";
import { referralCodeParams } from "~contract/referrals";
import { optionalAuth, requireAuth } from "../auth/middleware";
import { dataResponse } from "../http/envelope";
import { requestOrigin } from "../http/client-info";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { myReferral, referralInvite } from "./service";

export const referralRoutes = new Hono<AppEnv>();

/** Public: the landing page of an invitation link (signed in: whether it is the caller's own). */
referralRoutes.get("/referral/:code", optionalAuth, validate("param", referralCodeParams), withDb, async (c) =>
  dataResponse(c, await referralInvite(c.get("db"), c.req.valid("param").code, c.get("identity")?.uid ?? null)),
);
allowOnly(referralRoutes, "/referral/:code", ["GET"]);

referralRoutes.get("/user/referral", requireAuth, withDb, async (c) =>
  dataResponse(c, await myReferral(c.get("db"), c.get("identity").uid, requestOrigin(c))),
);
allowOnly(referralRoutes, "/user/referral", ["GET"]);
