import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { pingDb } from "../db/client";
import { serviceUnavailable } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { errorFields, logger } from "../logger";
import { checkReadiness } from "./readiness";

export const healthRoutes = new Hono<AppEnv>();

/** The first health check: 200 when `select 1` answers, 503 otherwise (balancers: /v1/health/ready). */
handle(healthRoutes, endpoints.health, async (c) => {
  try {
    await pingDb(c.get("db"));
  } catch (error) {
    logger.error({ requestId: c.get("requestId"), err: errorFields(error) }, "health check failed");
    throw serviceUnavailable("The database is not answering.");
  }
  c.header("Cache-Control", "no-store");
  return { status: "ok", database: "ok" };
});

/** The process runs: nothing is asked (a liveness probe must not fail because the database does). */
handle(healthRoutes, endpoints.healthLive, { db: false }, (c) => {
  c.header("Cache-Control", "no-store");
  return { status: "live" as const };
});

/**
 * Every check of ./readiness.ts: 200 with each named; a 503 `service_unavailable` names the failed
 * ones with their reasons, in the message and in `fields`.
 */
handle(healthRoutes, endpoints.healthReady, { db: false }, async (c) => {
  const { ready, checks } = await checkReadiness();
  if (!ready) {
    const failed = Object.entries(checks).filter(([, check]) => check.status === "failed");
    throw serviceUnavailable(
      `Not ready: ${failed.map(([name, check]) => `${name} (${check.reason})`).join(", ")}.`,
      Object.fromEntries(failed.map(([name, check]) => [name, [check.reason ?? "failed"]])),
    );
  }
  c.header("Cache-Control", "no-store");
  return { status: "ready" as const, checks };
});
