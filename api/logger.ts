import pino from "pino";

/**
 * The API's one logger: JSON lines in production, readable lines locally. Handlers log through
 * `c.get("log")`, a child that carries the request id on every line.
 */
export const logger = pino({
  name: "api",
  // Read here, not through getApiEnv(): the logger must not fix the environment before tests set it.
  // api/env.ts refuses an unknown LOG_LEVEL at start.
  level: process.env.LOG_LEVEL || "info",
  ...(process.env.NODE_ENV !== "production" && process.env.APP_ENV !== "production" && !process.env.CI
    ? { transport: { target: "pino-pretty", options: { colorize: false, translateTime: "SYS:HH:MM:ss.l" } } }
    : {}),
});

export function errorFields(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error);
}
