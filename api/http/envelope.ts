import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorEnvelope } from "~contract/errors";
import type { FieldErrors } from "./errors";
import type { AppEnv } from "./types";

/** Answers with the one error envelope used by every failing v1 response. */
export function errorResponse(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: FieldErrors,
  headers?: Record<string, string>,
  details?: Record<string, string | number>,
): Response {
  const requestId = c.get("requestId") ?? "";
  const body: ErrorEnvelope = {
    error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) },
    requestId,
  };
  const response = c.json(body, status);
  response.headers.set("X-Request-Id", requestId);
  response.headers.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
  return response;
}

/** The envelope of a success: `{ data }`, or `{ success: true }` for a write that answers nothing. */
export function dataResponse<T>(c: Context<AppEnv>, data: T, status: ContentfulStatusCode = 200): Response {
  return c.json(data === undefined ? { success: true } : { data }, status);
}
