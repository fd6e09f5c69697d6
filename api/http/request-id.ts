import { createMiddleware } from "hono/factory";
import { REQUEST_ID_HEADER, requestIdFor } from "~runtime/request-id.mjs";
import type { AppEnv } from "./types";

/**
 * The request's id (runtime/request-id.mjs): the caller's X-Request-Id when it is a safe token
 * (behind the edge, the id the edge gave the request; from the web, the page's), else a new one.
 */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = requestIdFor(c.req.header(REQUEST_ID_HEADER));
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
});
