import { ApiError, type FieldErrors } from "~contract/errors";

/** An expected failure is the contract's ApiError: thrown by services and routes, answered with the envelope. */
export { ApiError, type FieldErrors };

export const validationError = (fields: FieldErrors, message = "Some values are not valid.") =>
  new ApiError(400, "validation_error", message, fields);

export const unauthorized = (message = "Sign-in is required.") => new ApiError(401, "unauthorized", message);

export const forbidden = (message = "You may not access this resource.") => new ApiError(403, "forbidden", message);

export const notFound = (message = "Not found.", code = "not_found") => new ApiError(404, code, message);

export const methodNotAllowed = (method: string, allowed: string[]) =>
  new ApiError(405, "method_not_allowed", `Method ${method} is not allowed here.`, undefined, {
    Allow: allowed.join(", "),
  });

export const conflict = (message: string, code = "conflict") => new ApiError(409, code, message);

/**
 * 409 operator_suspended (issue 44): a platform admin suspended the operator. It takes no new sale
 * (api/accounts/status.ts) and its team's console is read-only (api/members/guard.ts).
 */
export const operatorSuspended = (
  message = "This operator is not taking bookings right now. Existing bookings stay valid.",
) => conflict(message, "operator_suspended");

export const payloadTooLarge = (maxBytes: number) =>
  new ApiError(413, "payload_too_large", `The request body is larger than ${Math.floor(maxBytes / 1024)} KiB.`);

/** A wait in words: "in 1 minute", "in 45 seconds", "in 2 hours" (rounded up: never earlier than allowed). */
export function waitInWords(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, "second"]
      : seconds < 3600
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `in ${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/** 429: Retry-After in seconds, and the message says when to try again in words. */
export const rateLimited = (retryAfterSeconds: number, what = "Too many requests.") => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, "rate_limited", `${what} Try again ${waitInWords(seconds)}.`, undefined, {
    "Retry-After": String(seconds),
  });
};

export const serviceUnavailable = (message = "The service is temporarily unavailable.", fields?: FieldErrors) =>
  new ApiError(503, "service_unavailable", message, fields);
