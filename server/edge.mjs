/**
 * The edge: wraps the process's request listener (server/index.mjs puts it in front of Remix's
 * request handler, or of the API alone) with the few rules that must hold before any of our code
 * runs, for every answer the process gives.
 *
 * - Methods outside the ones we serve answer 405 with Allow (undici's Request refuses TRACE and
 *   friends, which Express and Remix would turn into a 500).
 * - Every answer carries the base security headers, including the static files and the errors that
 *   Express answers itself (a header our code already set is left as it is).
 * - An answer given before a large request body was read (an early 413/415/403 to an upload over
 *   64 KiB, or of unknown length) says `Connection: close`, so the client opens a new connection
 *   at once instead of waiting on one whose unread body the server would otherwise have to drain;
 *   a smaller rest is drained by Node and the connection kept.
 * - A legacy data request (`?_data=` on a page) answers 400: this app asks for `.data` (single
 *   fetch), and Remix answers `?_data=` posts to some routes with a 500.
 * - A write from another site is refused with a 403 before the app runs (server/cross-site-refusal.mjs):
 *   the 403 page for a form post, the API's envelope on /v1 and for data requests.
 * - Every request carries the address of its connection in a header the edge sets itself
 *   (runtime/edge-headers.mjs): per-address limits need it, and Remix never sees the socket.
 * - Anonymous GETs of public pages go through the micro-cache (server/micro-cache.mjs); what it
 *   does not answer from memory waits its turn to reach the app (server/admission.mjs), but for
 *   static files and the health checks, which never wait.
 * - Every request has an id (runtime/request-id.mjs: the X-Request-Id it came with when that is
 *   a safe token, else a new one), on the request the app sees, on the answer, and on every log
 *   line written while it is handled; every answer gets one access line (server/access-log.mjs).
 * - The process's own health (server/health.mjs): /health/live and /health/ready, answered here so
 *   that a load balancer gets them even while the line is long.
 */
import { admission } from "./admission.mjs";
import { refuseCrossSiteWrite } from "./cross-site-refusal.mjs";
import { recordConnectionAddress } from "../runtime/edge-headers.mjs";
import { shutdownTimeoutMs } from "../runtime/process-lifecycle.mjs";
import { answerHealth, isHealthPath } from "./health.mjs";
import { answerError } from "./error-answer.mjs";
import { logAnswer } from "./access-log.mjs";
import { logger } from "./logger.mjs";
import { metricsSettings } from "./metrics-server.mjs";
import { handleWithMicroCache } from "./micro-cache.mjs";
import { REQUEST_ID_HEADER, requestIdFor, runInRequestContext } from "../runtime/request-id.mjs";
import { answersInEnvelope, isLegacyDataRequest, isStaticFile, malformedPath, pathOf } from "./paths.mjs";
import { baseSecurityHeaders } from "../runtime/security-headers.mjs";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const allowed = new Set(ALLOWED_METHODS);
const production =
  (process.env.APP_ENV ?? (process.env.NODE_ENV === "production" ? "production" : "local")) === "production";
const securityHeaders = baseSecurityHeaders(production);

/**
 * Node reads and drops what is left of a small body so that the connection can be reused; past
 * this it would have to take in a large upload first, so the connection is closed instead.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/** Whether answering now would leave more than a small body unread. @param {import("node:http").IncomingMessage} req */
function hasUnreadBody(req) {
  if (req.complete) return false;
  if (req.headers["transfer-encoding"] !== undefined) return true;
  return Number(req.headers["content-length"] ?? 0) > DRAIN_LIMIT_BYTES;
}

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
function guardResponse(req, res) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!res.headersSent) {
      for (const [name, value] of securityHeaders) if (!res.hasHeader(name)) res.setHeader(name, value);
      // This request's id, whatever answers (a page from the micro-cache was another request's).
      res.setHeader("X-Request-Id", /** @type {string} */ (req.headers[REQUEST_ID_HEADER]));
      if (hasUnreadBody(req)) res.setHeader("Connection", "close");
    }
    return writeHead.apply(this, args);
  };
}

/** The API's answers about itself (in this process, or forwarded), which never wait either. */
const API_HEALTH_PATHS = new Set(["/v1/health", "/v1/health/live", "/v1/health/ready"]);
// A wrong SHUTDOWN_TIMEOUT_MS stops the process at start, not at its first SIGTERM.
shutdownTimeoutMs();

/**
 * A path no router can read (server/paths.mjs malformedPath): 400 before the app runs, in the API's
 * envelope under /v1 and for data requests, plain text for a page; the access line is its only log.
 * @param {string} target @param {import("node:http").ServerResponse} res
 */
function refuseMalformedPath(target, res) {
  const message = "This address is not a valid path: check its percent-encoding and characters.";
  if (answersInEnvelope(target)) return answerError(res, 400, "validation_error", message);
  res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end(message);
}

/** @param {import("node:http").RequestListener} listener */
export function edge(listener) {
  /** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
  return function edgeListener(req, res) {
    recordConnectionAddress(req);
    const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    const context = { requestId };
    logAnswer(req, res, context, { log: logger, metrics: metricsSettings.METRICS_ENABLED });
    guardResponse(req, res);
    runInRequestContext(context, () => answer.call(this, req, res));
  };

  /** @this {unknown} @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
  function answer(req, res) {
    if (!allowed.has(req.method ?? "")) {
      answerError(res, 405, "method_not_allowed", "This method is not allowed.", {
        Allow: ALLOWED_METHODS.join(", "),
      });
      return;
    }
    const run = () => listener.call(this, req, res);
    const target = req.url ?? "/";
    const refusal = refuseCrossSiteWrite(req, res, { closeConnection: hasUnreadBody(req) });
    if (refusal === "answered") return;
    if (isLegacyDataRequest(target)) {
      answerError(res, 400, "validation_error", "This site answers data requests as .data, not ?_data=.");
      return;
    }
    if (refusal === "page") return admission.admit(target, res, run);
    const path = pathOf(target);
    if (malformedPath(path)) return refuseMalformedPath(target, res);
    if (isHealthPath(path)) return answerHealth(req, res, path);
    if (isStaticFile(path) || API_HEALTH_PATHS.has(path)) return run();
    const admitted = () => admission.admit(target, res, run);
    if (handleWithMicroCache(req, res, admitted)) return;
    admitted();
  }
}
