import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { errorResponse } from "./envelope";
import { ApiError } from "./errors";
import type { AppEnv } from "./types";
import { trackError } from "~runtime/error-tracking.mjs";
import { errorFields, logger } from "../logger";

/** Connection-level failures of PostgreSQL (client codes and SQLSTATE classes 08 / 57P). */
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return (
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "57P01", "57P02", "57P03"].includes(code) ||
    code.startsWith("08")
  );
}

/** An error no rule answered: logged, and reported when error tracking is on. */
function logUnexpected(c: Context<AppEnv>, error: unknown): void {
  const where = { requestId: c.get("requestId"), method: c.req.method, path: c.req.path };
  logger.error({ ...where, err: errorFields(error) }, "unhandled error in v1 API");
  trackError(error, { ...where, source: "api" });
}

export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) {
    return errorResponse(
      c,
      error.status as ContentfulStatusCode,
      error.code,
      error.message,
      error.fields,
      error.headers,
      error.details,
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    return errorResponse(
      c,
      error.status,
      error.status === 400 ? "bad_request" : "http_error",
      error.message || "Bad request.",
    );
  }
  logUnexpected(c, error);
  if (isDatabaseUnavailable(error)) {
    return errorResponse(c, 503, "service_unavailable", "The database is temporarily unavailable.");
  }
  return errorResponse(c, 500, "internal_error", "Something went wrong on our side.");
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, 404, "not_found", `No endpoint at ${c.req.method} ${c.req.path}.`);
