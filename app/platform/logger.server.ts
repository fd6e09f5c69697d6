import { isRouteErrorResponse } from "@remix-run/react";
import { createLogger } from "~runtime/logger.mjs";
import { config } from "~/platform/config.server";

/**
 * The web process's one logger (runtime/logger.mjs): JSON lines in production and CI, readable
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

/**
 * How an error a loader or action threw is logged (entry.server's handleError): a refusal (a thrown
 * 4xx, e.g. a guide asking for the reports' CSV) is no fault of ours, an `info` line with its status
 * and reason; anything else is an `error` with the error's fields, never "[object Object]".
 */
export function errorLogLine(error: unknown): { level: "info" | "error"; message: string; fields: object } {
  if (isRouteErrorResponse(error)) {
    const reason = typeof error.data === "string" ? error.data.slice(0, 200) : error.statusText || undefined;
    const fields = { status: error.status, reason };
    return error.status < 500
      ? { level: "info", message: "refused", fields }
      : { level: "error", message: "unhandled error", fields };
  }
  return { level: "error", message: "unhandled error", fields: { err: errorFields(error) } };
}
