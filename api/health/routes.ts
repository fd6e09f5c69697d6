import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { pingDb } from "../db/client";
import { serviceUnavailable } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { errorFields, logger } from "../logger";

export const healthRoutes = new Hono<AppEnv>();

/** Liveness and database check: 200 when `select 1` answers, 503 otherwise. */
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
