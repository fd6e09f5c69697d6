/**
 * The v1 API alone in its own process (`npm run start:api`): the web app then reaches it over
 * HTTP (API_BASE_URL) and forwards the browser's /v1 calls to it.
 */
import { serve } from "@hono/node-server";
import { app } from "./app";
import { getApiEnv } from "./env";
import { logger } from "./logger";
import { startApi } from "./start";

const env = getApiEnv();
await startApi();
const server = serve({ fetch: app.fetch, port: env.API_PORT, hostname: process.env.API_HOST ?? "127.0.0.1" }, (info) =>
  logger.info({ port: info.port }, `v1 API listening on http://${info.address}:${info.port}/v1`),
);

function shutdown() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
