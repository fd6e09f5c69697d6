import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./types";

/** A caller-supplied id is reused when it is a sane token (no spaces, quotes or control characters). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header("X-Request-Id");
  const id = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
});
