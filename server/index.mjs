/**
 * The server: one HTTP server whose every request goes through the edge (server/edge.mjs: 405s,
 * security headers, request ids and access lines, health, cross-site refusal, the micro-cache and
 * admission) before it reaches what this process serves:
 *
 *   node server/index.mjs          the web: Remix's request handler for build/index.js on
 *                                  @remix-run/serve's pieces (server/remix.mjs), with the v1 API in
 *                                  the same process, or forwarding /v1 to API_BASE_URL; on $PORT
 *                                  (3000) and $HOST (every address when unset)
 *   node server/index.mjs --api    the v1 API alone (build/api/server.js) on $API_PORT and $API_HOST
 *
 * `npm start`, `npm run dev` and `npm run start:api` start it (scripts/start.mjs, with the heap
 * bound of scripts/server-args.mjs), and so do the image (Dockerfile, compose.yaml), the e2e and
 * scale scripts and the tests of tests/build. With METRICS_ENABLED, /metrics on a port of its own
 * (server/metrics-server.mjs). On SIGTERM or SIGINT the server stops as
 * runtime/process-lifecycle.mjs says (readiness 503 at once, in-flight requests finished, then the
 * API's job runner and database closed). With SENTRY_DSN, unexpected errors are reported
 * (runtime/error-tracking.mjs).
 */
import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startErrorTracking } from "../runtime/error-tracking.mjs";
import { trackServer } from "../runtime/process-lifecycle.mjs";
import { edge } from "./edge.mjs";
import { logger } from "./logger.mjs";
import { startMetricsServer } from "./metrics-server.mjs";

const apiAlone = process.argv.slice(2).includes("--api");

/** @returns {Promise<{ listener: import("node:http").RequestListener, port: number, host?: string, listening: (address: { address: string, port: number }) => void }>} */
async function whatToServe() {
  if (apiAlone) {
    /** @type {{ startApiAlone: () => Promise<any> }} */
    const api = await import(pathToFileURL(resolve("build/api/server.js")).href);
    return api.startApiAlone();
  }
  process.env.NODE_ENV ??= "production";
  const { remixListener } = await import("./remix.mjs");
  const { listener, listening } = await remixListener({ buildPath: "build/index.js" });
  return { listener, port: Number(process.env.PORT) || 3000, host: process.env.HOST || undefined, listening };
}

// Before anything is served: an unusable SENTRY_DSN stops the start, naming it.
await startErrorTracking(process.env, { role: apiAlone ? "api" : process.env.API_BASE_URL ? "web" : "both" });
const served = await whatToServe();
const server = createServer(edge(served.listener));
trackServer(server);
startMetricsServer();
server.listen(served.port, served.host, () => {
  const address = server.address();
  if (typeof address !== "object" || !address) return;
  logger.info({ address: address.address, port: address.port }, "listening");
  served.listening(address);
});
