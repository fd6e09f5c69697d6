/**
 * The process's metrics (prom-client), read at /metrics on a port of its own when
 * METRICS_ENABLED is on (server/metrics-server.mjs). The edge, the web and the API count into the
 * one registry kept on globalThis (the edge (server/) and the bundled app and API each import their
 * own copy of this module); counting costs an increment, whether or not anyone reads it.
 *
 * Labels are bounded: a route is a declared endpoint's path template or a Remix route id, never
 * a URL (runtime/request-id.mjs `nameRoute`).
 */
import client from "prom-client";

/** @type {{ registry: import("prom-client").Registry, made: Map<string, unknown>, defaults: boolean }} */
const shared = /** @type {any} */ (
  globalThis[Symbol.for("wayfarer.metrics")] ??= {
    registry: new client.Registry(),
    made: new Map(),
    defaults: false,
  }
);

export const metricsRegistry = shared.registry;

/**
 * One metric per name in the process, whichever copy of this module asks first.
 * @template T @param {string} name @param {() => T} make @returns {T}
 */
function once(name, make) {
  if (!shared.made.has(name)) shared.made.set(name, make());
  return /** @type {T} */ (shared.made.get(name));
}

/** Every answer: method, route (bounded), status. Observed by the edge as each answer ends. */
export const httpRequestDuration = once(
  "http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from the request's arrival at the edge to the end of its answer, by route.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metricsRegistry],
    }),
);

/** The micro-cache's answers (server/micro-cache.mjs): hit, stale, miss, bypass. */
export const microCacheAnswers = once(
  "micro_cache_answers_total",
  () =>
    new client.Counter({
      name: "micro_cache_answers_total",
      help: "Pages the micro-cache handled, by result (hit and stale from memory, miss and bypass rendered).",
      labelNames: ["result"],
      registers: [metricsRegistry],
    }),
);

/** Calls a rate limit refused (api/rate-limit/service.ts), by the rule's kind ("auth-email:ip"). */
export const rateLimitRefusals = once(
  "rate_limit_refusals_total",
  () =>
    new client.Counter({
      name: "rate_limit_refusals_total",
      help: "Calls refused with 429 by a rate limit, by limit.",
      labelNames: ["limit"],
      registers: [metricsRegistry],
    }),
);

/** Payment provider webhooks the API answered with an error (api/payments/routes.ts), by provider and reason. */
export const paymentWebhookFailures = once(
  "payment_webhooks_failed_total",
  () =>
    new client.Counter({
      name: "payment_webhooks_failed_total",
      help: "Payment provider webhooks answered with an error: invalid (the signature did not verify, 400) or failed (handling it threw, 5xx; the provider retries).",
      labelNames: ["provider", "reason"],
      registers: [metricsRegistry],
    }),
);

/**
 * @typedef {number | Record<string, number> | Array<{ labels: Record<string, string>, value: number }> | undefined} Reading
 * undefined: nothing to report; a record: one value per value of the first label; an array: one
 * value per combination of labels.
 */

/**
 * A gauge read when /metrics is asked for, from what `read` returns at that moment (a number, one
 * per label value, or one per combination of labels). Registered once per name.
 * @param {{ name: string, help: string, labelNames?: string[], read: () => Reading | Promise<Reading> }} spec
 */
export function observedGauge({ name, help, labelNames = [], read }) {
  return once(
    name,
    () =>
      new client.Gauge({
        name,
        help,
        labelNames,
        registers: [metricsRegistry],
        async collect() {
          // What cannot be read now (a database gone) is left out of this scrape, not an error.
          const value = await Promise.resolve()
            .then(read)
            .catch(() => undefined);
          this.reset();
          if (value === undefined) return;
          if (typeof value === "number") {
            this.set(value);
            return;
          }
          if (Array.isArray(value)) {
            for (const { labels, value: count } of value) this.set(labels, count);
            return;
          }
          for (const [label, count] of Object.entries(value)) this.set({ [labelNames[0]]: label }, count);
        },
      }),
  );
}

/** Node's own figures (memory, event loop lag, GC, handles), once, when /metrics is served. */
export function collectProcessMetrics() {
  if (shared.defaults) return;
  shared.defaults = true;
  client.collectDefaultMetrics({ register: metricsRegistry });
}
