import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldErrors } from "./errors";
import type { AppEnv } from "./types";

export interface ErrorEnvelope {
  error: { code: string; message: string; fields?: FieldErrors };
  requestId: string;
}

/** Answers with the one error envelope used by every failing v1 response. */
export function errorResponse(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: FieldErrors,
  headers?: Record<string, string>,
): Response {
  const requestId = c.get("requestId") ?? "";
  const body: ErrorEnvelope = { error: fields ? { code, message, fields } : { code, message }, requestId };
  const response = c.json(body, status);
  response.headers.set("X-Request-Id", requestId);
  response.headers.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
  return response;
}

/** `{ data }` for reads. */
export function dataResponse<T>(c: Context<AppEnv>, data: T): Response {
  return c.json({ data });
}
