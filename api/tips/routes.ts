import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { endpoints } from "~contract/endpoints";
import { clientIp, UNKNOWN_IP } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { enforceRateLimits } from "../rate-limit/service";
import { listTips, startTip, tipPage } from "./service";

/** Tip links are bearer keys: lookups are limited per client address (guessing one is hopeless, and stays so). */
export const TIP_LOOKUPS_PER_ADDRESS = 120;
const limitLookups = createMiddleware<AppEnv>(async (c, next) => {
  const ip = clientIp(c);
  // An address that cannot be told (no edge recorded the connection's) is not counted, as for sign-in.
  if (ip !== UNKNOWN_IP)
    await enforceRateLimits([{ key: `tip:ip:${ip}`, limit: TIP_LOOKUPS_PER_ADDRESS, windowSeconds: 600 }]);
  c.header("Cache-Control", "private, no-store");
  await next();
});

export const tipRoutes = new Hono<AppEnv>();

handle(tipRoutes, endpoints.tipPage, { use: [limitLookups] }, async (c, { params }) =>
  tipPage(c.get("db"), params.accessKey),
);

handle(tipRoutes, endpoints.startTip, { use: [limitLookups] }, async (c, { params, body }) =>
  startTip(c.get("db"), params.accessKey, body.amount),
);

handle(tipRoutes, endpoints.myTips, async (c) => listTips(c.get("db"), c.get("identity").uid));
