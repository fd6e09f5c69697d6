import { createLogger } from "~runtime/logger.mjs";

/**
 * The API's one logger (runtime/logger.mjs): JSON lines in production and CI, readable lines
 * locally, and the request id on every line written while a request is handled behind the edge.
 * Handlers name it too (`requestId: c.get("requestId")`), which holds without the edge (tests).
 */
// The level is read here, not through getApiEnv(): the logger must not fix the environment before
// tests set it. api/env.ts refuses an unknown LOG_LEVEL at start.
export const logger = createLogger("api");

export function errorFields(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error);
}
