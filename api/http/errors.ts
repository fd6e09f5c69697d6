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

export const payloadTooLarge = (maxBytes: number) =>
  new ApiError(413, "payload_too_large", `The request body is larger than ${Math.floor(maxBytes / 1024)} KiB.`);

export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, "rate_limited", "Too many requests. Try again later.", undefined, {
    "Retry-After": String(retryAfterSeconds),
  });

export const serviceUnavailable = (message = "The service is temporarily unavailable.") =>
  new ApiError(503, "service_unavailable", message);
