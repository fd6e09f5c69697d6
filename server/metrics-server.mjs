/**
 * /metrics (Prometheus' text format, runtime/metrics.mjs) on a port of its own, started by
 * server/index.mjs when METRICS_ENABLED is on. Off by default; on, it listens on METRICS_HOST (127.0.0.1 by
 * default: reachable from this machine only, never through the public port or a load balancer)
 * and METRICS_PORT (9464). Each process of a machine needs its own port. A port that cannot be
 * opened is logged and the process serves on without it.
 */
import { createServer } from "node:http";
import { z } from "zod";
import { collectProcessMetrics, metricsRegistry, observedGauge } from "../runtime/metrics.mjs";
import { admission } from "./admission.mjs";
import { readiness } from "./health.mjs";
import { logger } from "./logger.mjs";

/** Its settings, checked as the server starts (a wrong value stops it, as api/env.ts does). */
export const metricsSettings = z
  .object({
    METRICS_ENABLED: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  })
  .parse({
    METRICS_ENABLED: process.env.METRICS_ENABLED?.trim().toLowerCase() || undefined,
    METRICS_PORT: process.env.METRICS_PORT || undefined,
    METRICS_HOST: process.env.METRICS_HOST || undefined,
  });

observedGauge({
  name: "admission_waiting",
  help: "Requests waiting for their turn to reach the app (server/admission.mjs).",
  read: () => admission.stats().waiting,
});
observedGauge({
  name: "admission_active",
  help: "Requests the app is working on, of the ones admission counts.",
  read: () => admission.stats().active,
});
observedGauge({
  name: "health_ready",
  help: "1 when this process's /health/ready answers 200 (it should take traffic), 0 when not ready.",
  read: async () => ((await readiness()).ready ? 1 : 0),
});

/**
 * Starts the metrics server when the setting says so (server/index.mjs): a plain server, not
 * behind the edge (which would log and count the scrapes).
 */
export function startMetricsServer() {
  if (!metricsSettings.METRICS_ENABLED) return null;
  collectProcessMetrics();
  const server = createServer(async (req, res) => {
    if (req.url?.split("?", 1)[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: /metrics only.\n");
      return;
    }
    try {
      const body = await metricsRegistry.metrics();
      res.writeHead(200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      logger.error({ err: String(error) }, "metrics could not be collected");
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics unavailable.\n");
    }
  });
  server.on("error", (error) => logger.error({ err: String(error) }, "the metrics server could not start"));
  // Never keeps a process that is stopping alive.
  server.unref();
  server.listen(metricsSettings.METRICS_PORT, metricsSettings.METRICS_HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : metricsSettings.METRICS_PORT;
    logger.info(
      { host: metricsSettings.METRICS_HOST, port },
      `metrics on http://${metricsSettings.METRICS_HOST}:${port}/metrics`,
    );
  });
  return server;
}
