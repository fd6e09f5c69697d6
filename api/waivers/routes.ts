import { Hono } from "hono";
import { withTenant } from "../accounts/tenant";
import { requireAuth } from "../auth/middleware";
import { clientIp, userAgent } from "../http/client-info";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { signWaiverBody, WAIVER_PAGE } from "~contract/waivers";
import { currentWaiver, findSignature, signWaiver, waiverView } from "./service";

/** The caller's waiver for the operator of X-Account-Context, or the platform's in public mode. */
export const waiverRoutes = new Hono<AppEnv>();

waiverRoutes.get("/user/waiver/status", requireAuth, withDb, withTenant, async (c) => {
  const signature = await findSignature(c.get("db"), c.get("identity").uid, currentWaiver(c.get("account")));
  return dataResponse(c, { isSigned: signature !== null });
});
allowOnly(waiverRoutes, "/user/waiver/status", ["GET"]);

waiverRoutes.get("/user/waiver/link", requireAuth, (c) => dataResponse(c, { waiverUrl: WAIVER_PAGE }));
allowOnly(waiverRoutes, "/user/waiver/link", ["GET"]);

waiverRoutes.get("/user/waiver", requireAuth, withDb, withTenant, async (c) =>
  dataResponse(c, await waiverView(c.get("db"), c.get("identity").uid, c.get("account"))),
);
allowOnly(waiverRoutes, "/user/waiver", ["GET"]);

waiverRoutes.post("/user/waiver/sign", requireAuth, validate("json", signWaiverBody), withDb, withTenant, async (c) => {
  await signWaiver(c.get("db"), c.get("identity").uid, c.get("account"), c.req.valid("json"), {
    ip: clientIp(c),
    userAgent: userAgent(c),
  });
  return c.json({ success: true });
});
allowOnly(waiverRoutes, "/user/waiver/sign", ["POST"]);
