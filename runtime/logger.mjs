/**
 * The one way a logger is made, for the edge (server/logger.mjs), the web
 * (app/platform/logger.server.ts) and the API (api/logger.ts): pino, JSON lines in production and
 * under CI, readable lines (pino-pretty) locally, and on every line written while a request is
 * handled its request id (runtime/request-id.mjs).
 *
 * One pino per process, kept on globalThis (the edge (server/) and the bundled app and API each
 * import their own copy of this module): one output, one pretty-printing worker, lines that never
 * interleave. Each part of the process logs through a child that names it.
 */
import pino from "pino";
import { currentRequestContext } from "./request-id.mjs";

/** @param {Record<string, string | undefined>} [env] */
export function logsAsJson(env = process.env) {
  const appEnv = env.APP_ENV ?? (env.NODE_ENV === "production" ? "production" : "local");
  return appEnv === "production" || Boolean(env.CI);
}

/** The request id of the request being handled, on each line (a field of the call wins). */
function requestFields() {
  const context = currentRequestContext();
  return context ? { requestId: context.requestId } : {};
}

/**
 * A pino logger with the shared rules (the request id on each line), writing to `destination`
 * (a test's stream) or, by default, to the process's one output.
 * @param {import("pino").DestinationStream} [destination]
 */
export function createBaseLogger(destination) {
  /** @type {import("pino").LoggerOptions} */
  const options = { level: "trace", mixin: requestFields };
  if (destination) return pino(options, destination);
  if (logsAsJson()) return pino(options);
  return pino({
    ...options,
    transport: { target: "pino-pretty", options: { colorize: false, translateTime: "SYS:HH:MM:ss.l" } },
  });
}

/** @returns {import("pino").Logger} */
function processLogger() {
  const shared = /** @type {any} */ (globalThis);
  return (shared[Symbol.for("wayfarer.logger")] ??= createBaseLogger());
}

/**
 * The logger of one part of the process ("edge", "web", "api").
 * @param {string} name
 * @param {{ level?: string, base?: import("pino").Logger }} [options] `base`: a test's logger
 * @returns {import("pino").Logger}
 */
export function createLogger(name, { level = process.env.LOG_LEVEL || "info", base = processLogger() } = {}) {
  return base.child({ name }, { level });
}
