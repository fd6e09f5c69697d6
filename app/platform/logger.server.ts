import { createLogger } from "~contract/logger.mjs";
import { config } from "~/platform/config.server";

/**
 * The web process's one logger (contract/logger.mjs): JSON lines in production and CI, readable
 * lines locally, the request id on every line written while a request is handled.
 */
export const logger = createLogger("web", { level: config.LOG_LEVEL });

/**
 * What a log line says of an error: name, message and stack of an Error; status and text of a
 * thrown answer (Remix's ErrorResponse, a Response); else the value as text (never "[object Object]").
 */
export function errorFields(error: unknown) {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  if (error instanceof Response) return { status: error.status, statusText: error.statusText };
  if (typeof error === "object" && error !== null && "status" in error) {
    const { status, statusText, data } = error as { status: unknown; statusText?: unknown; data?: unknown };
    return { status, statusText, message: typeof data === "string" ? data.slice(0, 200) : undefined };
  }
  if (typeof error === "object" && error !== null) {
    try {
      return JSON.stringify(error).slice(0, 500);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}
