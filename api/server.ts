/**
 * The v1 API alone in its own process (`npm run start:api`): the web app then reaches it over
 * HTTP (API_BASE_URL) and forwards the browser's /v1 calls to it. On SIGTERM or SIGINT it stops as
 * contract/process-lifecycle.mjs says (also when started without server/edge.mjs preloaded).
 */
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { trackServer } from "~contract/process-lifecycle.mjs";
import { BEHIND_WEB_ENV } from "~contract/same-origin.mjs";
import { app } from "./app";
import { getApiEnv } from "./env";
import { logger } from "./logger";
import { startApi } from "./start";

// Alone, the API is reached through the web's /v1 forward, which sets X-Forwarded-Host and
// -Proto itself: the cross-site rule (contract/same-origin.mjs) may believe them.
process.env[BEHIND_WEB_ENV] = "1";
const env = getApiEnv();
await startApi();
const server = serve({ fetch: app.fetch, port: env.API_PORT, hostname: env.API_HOST }, (info) =>
  logger.info({ port: info.port }, `v1 API listening on http://${info.address}:${info.port}/v1`),
);
trackServer(server as Server);
