import type { z } from "zod";
import type { errorEnvelopeOf } from "./error-envelope";

/** Field name → messages, as in `error.fields` of the envelope (the shape of conform's field errors). */
export type FieldErrors = Record<string, string[]>;

/** The one error envelope of every failing v1 answer (./error-envelope.ts). */
export type ErrorEnvelope = z.infer<ReturnType<typeof errorEnvelopeOf>>;

/** Codes any endpoint may answer, besides its own (see `endpoints`). */
export const COMMON_ERROR_CODES = [
  "validation_error",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "rate_limited",
  "service_unavailable",
  "account_not_found",
  "second_step_required",
  "second_factor_required",
  // A suspended operator takes no new sale and its console is read-only (issue 44).
  "operator_suspended",
  "network_error",
  "http_error",
] as const;

/**
 * The one error class on both sides of the seam: the API throws it and answers it as the
 * envelope; the typed client turns an envelope back into it.
 */
export class ApiError extends Error {
  /** Facts of the refusal a page may put in words (the envelope's `details`), e.g. `{ taken: 3 }`. */
  details?: Record<string, string | number>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** Headers to answer with (API side), e.g. Retry-After or Allow. */
    readonly headers?: Record<string, string>,
    /** The request id of the failed call (client side). */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function isApiError(error: unknown, ...codes: string[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}
