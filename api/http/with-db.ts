import { createMiddleware } from "hono/factory";
import { getDb } from "../db/client";
import { serviceUnavailable } from "./errors";
import type { AppEnv } from "./types";

/** Puts the database on the context; a database that cannot be opened is a 503. */
export const withDb = createMiddleware<AppEnv>(async (c, next) => {
  try {
    c.set("db", await getDb());
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "database unavailable",
        requestId: c.get("requestId"),
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    throw serviceUnavailable("The database is temporarily unavailable.");
  }
  await next();
});
