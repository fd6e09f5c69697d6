/**
 * The process's own health, answered by the edge (server/edge.mjs) before the admission line and
 * the micro-cache, never cached:
 *
 * - `GET /health/live`: 200 while the process runs (nothing else is asked).
 * - `GET /health/ready`: 200 when this process should be sent traffic, else 503; the body names
 *   each check, `ok`, `failed` (with a short reason) or `off`:
 *   `{ "status": "ready" | "not_ready", "checks": { "database": { "status": "ok" }, … } }`.
 *   - With the API in this process (one process, or the API alone): the API's checks
 *     (api/health/readiness.ts: shutdown, database, Redis, Auth, migrations, job runner).
 *   - The web alone (API_BASE_URL): this process is not stopping, and the API's
 *     /v1/health/ready answers 200 within READY_API_TIMEOUT_MS.
 */
import { readinessOfThisProcess, stopping } from "../runtime/process-lifecycle.mjs";

const LIVE_PATH = "/health/live";
const READY_PATH = "/health/ready";
/** How long the web alone waits for the API's readiness. */
export const READY_API_TIMEOUT_MS = 1_000;

/** @param {string} path */
export function isHealthPath(path) {
  return path === LIVE_PATH || path === READY_PATH;
}

/**
 * @typedef {import("../runtime/process-lifecycle.mjs").Readiness} Readiness
 * @typedef {Readiness["checks"][string]} Check
 */

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {string} path */
export function answerHealth(req, res, path) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    send(
      req,
      res,
      405,
      { error: { code: "method_not_allowed", message: "Only GET and HEAD are allowed here." } },
      {
        Allow: "GET, HEAD",
      },
    );
    return;
  }
  if (path === LIVE_PATH) {
    send(req, res, 200, { status: "live" });
    return;
  }
  readiness().then(
    ({ ready, checks }) => send(req, res, ready ? 200 : 503, { status: ready ? "ready" : "not_ready", checks }),
    (error) =>
      send(req, res, 503, {
        status: "not_ready",
        checks: { process: { status: "failed", reason: `readiness could not be checked: ${String(error)}` } },
      }),
  );
}

/** What /health/ready answers (and the `health_ready` metric reads, server/metrics-server.mjs). @returns {Promise<Readiness>} */
export async function readiness() {
  if (stopping()) return notReady("shutdown", "the process is shutting down");
  const apiBaseUrl = process.env.API_BASE_URL?.trim();
  if (apiBaseUrl) {
    const api = await apiReadiness(apiBaseUrl);
    return { ready: api.status === "ok", checks: { shutdown: { status: "ok" }, api } };
  }
  return (await readinessOfThisProcess()) ?? notReady("api", "the API has not started in this process yet");
}

/** @param {string} name @param {string} reason @returns {Readiness} */
function notReady(name, reason) {
  return { ready: false, checks: { [name]: { status: "failed", reason } } };
}

/** One call at a time to the API, whatever the number of balancers asking. @type {Promise<Check> | null} */
let asking = null;

/** @param {string} apiBaseUrl @returns {Promise<Check>} */
function apiReadiness(apiBaseUrl) {
  asking ??= askApi(apiBaseUrl).finally(() => (asking = null));
  return asking;
}

/** @param {string} apiBaseUrl @returns {Promise<Check>} */
async function askApi(apiBaseUrl) {
  try {
    const answer = await fetch(new URL("/v1/health/ready", apiBaseUrl), {
      signal: AbortSignal.timeout(READY_API_TIMEOUT_MS),
    });
    if (answer.ok) {
      await answer.body?.cancel();
      return { status: "ok" };
    }
    const body = /** @type {{ error?: { message?: string } } | null} */ (await answer.json().catch(() => null));
    return { status: "failed", reason: `the API answered ${answer.status}: ${body?.error?.message ?? "not ready"}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      status: "failed",
      reason: timedOut ? `the API did not answer within ${READY_API_TIMEOUT_MS} ms` : "the API could not be reached",
    };
  }
}

/**
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 * @param {number} status @param {unknown} value @param {Record<string, string>} [headers]
 */
function send(req, res, status, value, headers = {}) {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
