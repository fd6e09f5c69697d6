import { createMiddleware } from "hono/factory";
import { CHANGED_HEADER } from "~contract/changes";
import type { Endpoint } from "~contract/endpoint";
import { endpoints } from "~contract/endpoints";
import type { AppEnv } from "../http/types";
import { announceChanges } from "./feed";

/**
 * A successful write says what it changed, as its declaration has it (`changes` in
 * contract/endpoints.ts): the CHANGED_HEADER on its answer, and announced on the feed.
 *
 * For the routes written by hand, until every route is registered from its declaration (whose
 * helper does the same): an answer that already carries the header is left as it is, so a write
 * is never announced twice.
 */
const writes = (Object.values(endpoints) as Endpoint[]).flatMap(({ method, path, changes }) =>
  changes && changes.length > 0
    ? [{ method, pattern: new RegExp(`^${path.replace(/:[A-Za-z]+/g, "[^/]+")}$`), changes }]
    : [],
);

export const announceDeclaredChanges = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.ok || c.req.method === "GET" || c.req.method === "HEAD" || c.res.headers.has(CHANGED_HEADER)) return;
  const path = c.req.path;
  const declared = writes.find((write) => write.method === c.req.method && write.pattern.test(path));
  if (!declared) return;
  c.res.headers.set(CHANGED_HEADER, declared.changes.join(", "));
  announceChanges(declared.changes);
});
