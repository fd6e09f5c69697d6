import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { identityEnv } from "../env";
import { dataResponse } from "../http/envelope";
import { notFound } from "../http/errors";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { devOutboxParams, devOutboxQuery } from "~contract/outbox";
import { getOutboxMessage, listOutbox } from "./service";

/** Development tools exist only outside production. */
export function devToolsEnabled(env: { production: boolean } = identityEnv): boolean {
  return !env.production;
}

/** 404 (as for any unknown path) when dev tools are disabled. */
export function devOnly(env: { production: boolean } = identityEnv) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!devToolsEnabled(env)) throw notFound(`No endpoint at ${c.req.method} ${c.req.path}.`);
    c.header("Cache-Control", "no-store");
    await next();
  });
}

export const devOutboxRoutes = new Hono<AppEnv>();

devOutboxRoutes.use("/dev/*", devOnly());

devOutboxRoutes.get("/dev/outbox", validate("query", devOutboxQuery), withDb, async (c) => {
  const { to, limit } = c.req.valid("query");
  return dataResponse(c, await listOutbox(c.get("db"), { to, limit }));
});
allowOnly(devOutboxRoutes, "/dev/outbox", ["GET"]);

devOutboxRoutes.get("/dev/outbox/:id", validate("param", devOutboxParams), withDb, async (c) => {
  const message = await getOutboxMessage(c.get("db"), c.req.valid("param").id);
  if (!message) throw notFound("No such message.", "message_not_found");
  return dataResponse(c, message);
});
allowOnly(devOutboxRoutes, "/dev/outbox/:id", ["GET"]);
