/**
 * The v1 API alone in its own process (`npm run start:api`, `node server/index.mjs --api`): the web
 * app then reaches it over HTTP (API_BASE_URL) and forwards the browser's /v1 calls to it. This
 * bundle (build/api/server.js) starts the API and gives server/index.mjs the request listener to
 * put behind the edge; the server it makes stops as runtime/process-lifecycle.mjs says.
 */
import type { RequestListener } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { BEHIND_WEB_ENV } from "~runtime/same-origin.mjs";
import { app } from "./app";
import { getApiEnv } from "./env";
import { logger } from "./logger";
import { startApi } from "./start";

/** What server/index.mjs serves for the API alone: its listener, where to listen, and its line once listening. */
export interface ApiAlone {
  listener: RequestListener;
  port: number;
  host: string;
  listening: (address: { address: string; port: number }) => void;
}

/** Starts the API (database, jobs) and answers its listener. */
export async function startApiAlone(): Promise<ApiAlone> {
  // Alone, the API is reached through the web's /v1 forward, which sets X-Forwarded-Host and
  // -Proto itself: the cross-site rule (runtime/same-origin.mjs) may believe them.
  process.env[BEHIND_WEB_ENV] = "1";
  const env = getApiEnv();
  await startApi();
  return {
    listener: getRequestListener(app.fetch, { hostname: env.API_HOST }),
    port: env.API_PORT,
    host: env.API_HOST,
    listening: (info) => logger.info({ port: info.port }, `v1 API listening on http://${info.address}:${info.port}/v1`),
  };
}
