import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { endpoints } from "~contract/endpoints";
import { identityEnv } from "../env";
import { notFound } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
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

handle(devOutboxRoutes, endpoints.devOutbox, async (c, { query: { to, limit } }) =>
  listOutbox(c.get("db"), { to, limit }),
);

handle(devOutboxRoutes, endpoints.devOutboxMessage, async (c, { params }) => {
  const message = await getOutboxMessage(c.get("db"), params.id);
  if (!message) throw notFound("No such message.", "message_not_found");
  return message;
});
