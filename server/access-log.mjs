/**
 * The access line: one JSON line per answer, written by the edge (server/edge.mjs) as the answer
 * ends, in the web and in the API alone alike (server/remix.mjs composes no morgan of
 * remix-serve's). And, with the metrics on, the answer's time by route.
 *
 * What a line holds: method, path (query values and the secrets some paths carry left out: links
 * in emails hold tokens), status, durationMs, bytes (sent, headers included), requestId, client
 * (the connection's address), forwardedFor (as the client or a proxy said), route (bounded: a Remix
 * route id, an endpoint's path template, "static"…), cache (the micro-cache's hit/stale/miss/bypass)
 * and aborted when the client went away before the end. Health checks are logged at debug.
 */
import { performance } from "node:perf_hooks";
import { CONNECTION_ADDRESS_HEADER } from "../runtime/edge-headers.mjs";
import { httpRequestDuration } from "../runtime/metrics.mjs";
import { isApiPath, isStaticFile, pathOf } from "./paths.mjs";

/** Paths whose segment after the prefix is a secret (a gratuity's access key, an unsubscribe token). */
const SECRET_SEGMENT = /^((?:\/v1)?\/(?:gratuity|unsubscribe)\/)[^/?]+/;
const MAX_LOGGED = 512;

/**
 * The request target as logged: the path (its secret segment replaced) and the names of the
 * query's parameters, without their values. @param {string} url
 */
export function loggedTarget(url) {
  const path = pathOf(url);
  const shown = path.replace(SECRET_SEGMENT, "$1:secret");
  const query = url.slice(path.length + 1);
  if (!query) return shown.slice(0, MAX_LOGGED);
  const names = new Set(query.split("&").map((pair) => pair.split("=", 1)[0]));
  names.delete("");
  return `${shown}?${[...names].map((name) => `${name}=`).join("&")}`.slice(0, MAX_LOGGED);
}

/**
 * The route label of an answer (bounded, for the metrics): what the app named, else the kind of
 * path. @param {string} path @param {import("../runtime/request-id.mjs").RequestContext} context
 */
export function routeLabel(path, context) {
  if (isApiPath(path)) return context.apiRoute ?? (path.startsWith("/octo") ? "/octo/*" : "/v1/*");
  if (context.route) return context.route;
  if (path.endsWith(".data")) return "data";
  return isStaticFile(path) ? "static" : "page";
}

/** @param {string} path */
function isHealthCheck(path) {
  return path === "/v1/health" || path.startsWith("/v1/health/");
}

/**
 * Writes the access line of `res` (and observes its time) once it has ended or was abandoned.
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 * @param {import("../runtime/request-id.mjs").RequestContext} context
 * @param {{ log: import("pino").Logger, metrics: boolean }} options
 */
export function logAnswer(req, res, context, { log, metrics }) {
  const started = performance.now();
  // As asked: the edge may turn a refused form post into the GET of its refusal page.
  const { method } = req;
  const url = req.url ?? "/";
  const socket = req.socket;
  const bytesBefore = socket?.bytesWritten ?? 0;
  res.once("close", () => {
    const seconds = (performance.now() - started) / 1000;
    const path = pathOf(url);
    const route = routeLabel(path, context);
    const status = res.statusCode;
    if (metrics) httpRequestDuration.observe({ method, route, status }, seconds);
    const level = isHealthCheck(path) ? "debug" : "info";
    if (!log.isLevelEnabled(level)) return;
    const cache = res.getHeader("x-micro-cache");
    const forwardedFor = req.headers["x-forwarded-for"];
    log[level](
      {
        requestId: context.requestId,
        method,
        path: loggedTarget(url),
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        bytes: (socket?.bytesWritten ?? 0) - bytesBefore,
        client: req.headers[CONNECTION_ADDRESS_HEADER] || undefined,
        forwardedFor: typeof forwardedFor === "string" ? forwardedFor.slice(0, 256) : undefined,
        route,
        cache: typeof cache === "string" ? cache : undefined,
        aborted: res.writableFinished ? undefined : true,
      },
      "answer",
    );
  });
}
