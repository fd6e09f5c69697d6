/**
 * The request id: one per incoming request, carried from the web to the API (X-Request-Id), set
 * on every answer, on every log line written while the request is handled, and shown on error
 * pages as the reference a user can quote.
 *
 * Plain JavaScript in runtime/ because the edge (server/edge.mjs) runs before any build and the
 * web and the API must not reach up into it; the same rule holds in all three.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

/** An id a caller (a load balancer, the web calling the API) may give: a plain token, no spaces, quotes or control characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of a request: the incoming one when it is a safe token, else a new one.
 * @param {string | string[] | null | undefined} incoming the X-Request-Id the request came with
 * @returns {string}
 */
export function requestIdFor(incoming) {
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * What the edge knows of the request being handled, for whoever runs inside it (the loggers, the
 * API and the pages naming their route for the metrics).
 * @typedef {{ requestId: string, route?: string, apiRoute?: string }} RequestContext
 */

/**
 * Kept on globalThis: the edge (server/) and the bundled app (and the bundled API) each import
 * their own copy of this module.
 * @type {AsyncLocalStorage<RequestContext>}
 */
const storage = /** @type {any} */ (globalThis[Symbol.for("wayfarer.requestContext")] ??= new AsyncLocalStorage());

/**
 * Runs `work` (the app's answer to one request) with its context.
 * @template T @param {RequestContext} context @param {() => T} work @returns {T}
 */
export function runInRequestContext(context, work) {
  return storage.run(context, work);
}

/** The context of the request being handled, if any (none outside the edge: tests, scripts). */
export function currentRequestContext() {
  return storage.getStore();
}

/**
 * Names the route that answers the current request, for the metrics: a page's Remix route id,
 * or (`api`) the declared path template of a v1 endpoint. Bounded names only, never a URL.
 * @param {string} route @param {"page" | "api"} [kind]
 */
export function nameRoute(route, kind = "page") {
  const context = storage.getStore();
  if (!context) return;
  if (kind === "api") context.apiRoute = route;
  else context.route = route;
}
