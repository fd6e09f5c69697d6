import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { tipBody, tipKeyParams } from "~contract/tips";
import { requireAuth } from "../auth/middleware";
import { dataResponse } from "../http/envelope";
import { clientIp, UNKNOWN_IP } from "../http/client-info";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { enforceRateLimits } from "../rate-limit/service";
import { listTips, startTip, tipPage } from "./service";

/** Tip links are bearer keys: lookups are limited per client address (guessing one is hopeless, and stays so). */
const TIP_LOOKUPS_PER_ADDRESS = 120;
const limitLookups = createMiddleware<AppEnv>(async (c, next) => {
  const ip = clientIp(c);
  // An address that cannot be told (no edge recorded the connection's) is not counted, as for sign-in.
  if (ip !== UNKNOWN_IP)
    await enforceRateLimits([{ key: `tip:ip:${ip}`, limit: TIP_LOOKUPS_PER_ADDRESS, windowSeconds: 600 }]);
  c.header("Cache-Control", "private, no-store");
  await next();
});

export const tipRoutes = new Hono<AppEnv>();

tipRoutes.get("/gratuity/:accessKey", limitLookups, validate("param", tipKeyParams), withDb, async (c) =>
  dataResponse(c, await tipPage(c.get("db"), c.req.valid("param").accessKey)),
);
tipRoutes.post(
  "/gratuity/:accessKey",
  limitLookups,
  validate("param", tipKeyParams),
  validate("json", tipBody),
  withDb,
  async (c) => dataResponse(c, await startTip(c.get("db"), c.req.valid("param").accessKey, c.req.valid("json").amount)),
);
allowOnly(tipRoutes, "/gratuity/:accessKey", ["GET", "POST"]);

tipRoutes.get("/user/tips", requireAuth, withDb, async (c) =>
  dataResponse(c, await listTips(c.get("db"), c.get("identity").uid)),
);
allowOnly(tipRoutes, "/user/tips", ["GET"]);
