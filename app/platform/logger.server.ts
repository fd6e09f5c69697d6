import { createLogger } from "~contract/logger.mjs";
import { config } from "~/platform/config.server";

/**
 * The web process's one logger (contract/logger.mjs): JSON lines in production and CI, readable
 * lines locally, the request id on every line written while a request is handled.
 */
export const logger = createLogger("web", { level: config.LOG_LEVEL });

export function errorFields(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error);
}
