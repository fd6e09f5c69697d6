import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { endpoints } from "~contract/endpoints";
import { clientIp, requestOrigin, UNKNOWN_IP } from "../http/client-info";
import { handle, withStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { enforceRateLimits, type RateLimitRule } from "../rate-limit/service";
import {
  adminApplication,
  applyAsOperator,
  approveApplication,
  listApplications,
  myApplication,
  rejectApplication,
  slugAvailability,
} from "./applications";
import { platformActorOf, readPlatformAudit } from "./audit";
import { findBookings } from "./find-booking";
import { listOperators, reinstateOperator, suspendOperator } from "./operators";

/** Applications per user and per client address (an hour); slug checks, as a form is typed (a minute). */
export const APPLY_LIMITS = { perUser: 10, perAddress: 30, windowSeconds: 3600 } as const;
export const SLUG_CHECK_LIMITS = { perUser: 60, perAddress: 300, windowSeconds: 60 } as const;

/** A rate limit of the signed-in caller and of their address (an address that cannot be told is not counted). */
const limitedTo = (kind: string, limits: { perUser: number; perAddress: number; windowSeconds: number }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const ip = clientIp(c);
    const rules: RateLimitRule[] = [
      { key: `${kind}:user:${c.get("identity").uid}`, limit: limits.perUser, windowSeconds: limits.windowSeconds },
    ];
    if (ip !== UNKNOWN_IP)
      rules.push({ key: `${kind}:ip:${ip}`, limit: limits.perAddress, windowSeconds: limits.windowSeconds });
    await enforceRateLimits(rules);
    await next();
  });

/** Operators join the platform (issue 44): applications, and the platform admins' console. */
export const platformRoutes = new Hono<AppEnv>();

handle(
  platformRoutes,
  endpoints.applyAsOperator,
  { use: [limitedTo("operator-apply", APPLY_LIMITS)] },
  async (c, { body }) => withStatus(201, await applyAsOperator(c.get("db"), c.get("identity").uid, body)),
);

handle(platformRoutes, endpoints.myOperatorApplication, (c) => myApplication(c.get("db"), c.get("identity").uid));

handle(
  platformRoutes,
  endpoints.checkOperatorSlug,
  { use: [limitedTo("operator-slug", SLUG_CHECK_LIMITS)] },
  (c, { query }) => slugAvailability(c.get("db"), query.slug),
);

// Every admin endpoint: the caller is a platform admin with a second factor on the marketplace
// host, else 404 (auth "platformAdmin": api/platform/admin-guard.ts, before anything is read).

handle(platformRoutes, endpoints.adminListApplications, (c, { query }) => listApplications(c.get("db"), query));

handle(platformRoutes, endpoints.adminApplication, (c, { params }) =>
  adminApplication(c.get("db"), params.applicationId),
);

handle(platformRoutes, endpoints.adminApproveApplication, (c, { params }) =>
  approveApplication(c.get("db"), platformActorOf(c), params.applicationId),
);

handle(platformRoutes, endpoints.adminRejectApplication, (c, { params, body }) =>
  rejectApplication(c.get("db"), platformActorOf(c), params.applicationId, body.reason, requestOrigin(c)),
);

handle(platformRoutes, endpoints.adminListOperators, (c, { query }) => listOperators(c.get("db"), query));

handle(platformRoutes, endpoints.adminSuspendOperator, (c, { params, body }) =>
  suspendOperator(c.get("db"), platformActorOf(c), params.accountId, body.reason),
);

handle(platformRoutes, endpoints.adminReinstateOperator, (c, { params }) =>
  reinstateOperator(c.get("db"), platformActorOf(c), params.accountId),
);

handle(platformRoutes, endpoints.adminFindBooking, (c, { query }) =>
  findBookings(c.get("db"), platformActorOf(c), query.q),
);

handle(platformRoutes, endpoints.adminAuditLog, (c, { query }) => readPlatformAudit(c.get("db"), query));
