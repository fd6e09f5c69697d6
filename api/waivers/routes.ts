import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { WAIVER_PAGE } from "~contract/bookings/waivers";
import { clientIp, userAgent } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { currentWaiver, findSignature, signWaiver, waiverView } from "./service";

/** The caller's waiver for the operator of X-Account-Context, or the platform's in public mode. */
export const waiverRoutes = new Hono<AppEnv>();

handle(waiverRoutes, endpoints.waiverStatus, async (c) => {
  const signature = await findSignature(c.get("db"), c.get("identity").uid, currentWaiver(c.get("account")));
  return { isSigned: signature !== null };
});

handle(waiverRoutes, endpoints.waiverLink, { db: false }, () => ({ waiverUrl: WAIVER_PAGE }));

handle(waiverRoutes, endpoints.waiver, async (c) => waiverView(c.get("db"), c.get("identity").uid, c.get("account")));

handle(waiverRoutes, endpoints.signWaiver, async (c, { body }) => {
  await signWaiver(c.get("db"), c.get("identity").uid, c.get("account"), body, {
    ip: clientIp(c),
    userAgent: userAgent(c),
  });
});
