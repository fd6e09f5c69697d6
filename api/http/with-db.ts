import { createMiddleware } from "hono/factory";
import { getDb } from "../db/client";
import { serviceUnavailable } from "./errors";
import type { AppEnv } from "./types";
import { errorFields, logger } from "../logger";

/** Puts the database on the context; a database that cannot be opened is a 503. */
export const withDb = createMiddleware<AppEnv>(async (c, next) => {
  try {
    c.set("db", await getDb());
  } catch (error) {
    logger.error({ requestId: c.get("requestId"), err: errorFields(error) }, "database unavailable");
    throw serviceUnavailable("The database is temporarily unavailable.");
  }
  await next();
});
