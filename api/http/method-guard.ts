import type { Hono } from "hono";
import { methodNotAllowed } from "./errors";
import type { AppEnv } from "./types";

/**
 * Registers a 405 answer (with an Allow header) for every other method on `path`.
 * Call it after the real handlers of that path. HEAD is served by Hono's GET handlers.
 */
export function allowOnly(router: Hono<AppEnv>, path: string, methods: string[]): void {
  const allowed = methods.includes("GET") ? [...methods, "HEAD"] : methods;
  router.all(path, (c) => {
    throw methodNotAllowed(c.req.method, allowed);
  });
}
