import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { enforceRateLimits } from "../rate-limit/service";
import { checkIn, checkInSettings, SCAN_LIMIT, updateCheckInSettings } from "./check-in";

/** The console's check-in by ticket code and its setting: registered on the operator router. */
export function checkInRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorCheckIn, async (c, { body, member }) => {
    await enforceRateLimits([{ key: `check-in:member:${member.account.id}:${member.userId}`, ...SCAN_LIMIT }]);
    return checkIn(c.get("db"), member, clientIp(c), body);
  });

  handle(router, endpoints.operatorCheckInSettings, async (c, { member }) => {
    return checkInSettings(c.get("db"), member.account.id);
  });

  handle(router, endpoints.operatorUpdateCheckInSettings, async (c, { body, member }) => {
    return updateCheckInSettings(c.get("db"), member, clientIp(c), body);
  });
}
