import { Hono } from "hono";
import { getDb, pingDb } from "../db/client";
import { dataResponse, errorResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { errorFields, logger } from "../logger";

export const healthRoutes = new Hono<AppEnv>();

/** Liveness and database check: 200 when `select 1` answers, 503 otherwise. */
healthRoutes.get("/health", async (c) => {
  try {
    await pingDb(await getDb());
  } catch (error) {
    logger.error({ requestId: c.get("requestId"), err: errorFields(error) }, "health check failed");
    return errorResponse(c, 503, "service_unavailable", "The database is not answering.");
  }
  c.header("Cache-Control", "no-store");
  return dataResponse(c, { status: "ok", database: "ok" });
});
allowOnly(healthRoutes, "/health", ["GET"]);
