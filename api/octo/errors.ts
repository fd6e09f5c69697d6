/** OCTO's errors (docs.octo.travel): `{ error, errorMessage }` with OCTO's name, the refused id echoed. */
import type { OctoErrorBody, OctoErrorName } from "~contract/octo/outputs";

export class OctoError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 429 | 503,
    readonly body: OctoErrorBody,
    /** Seconds until a refused call may be tried again (429). */
    readonly retryAfter?: number,
  ) {
    super(body.errorMessage);
  }
}

const error = (status: OctoError["status"], name: OctoErrorName, errorMessage: string, echo = {}) =>
  new OctoError(status, { error: name, errorMessage, ...echo });

export const badRequest = (message: string) => error(400, "BAD_REQUEST", message);
export const invalidProductId = (productId: string) =>
  error(400, "INVALID_PRODUCT_ID", "The productId was missing or invalid.", { productId });
export const invalidOptionId = (optionId: string) =>
  error(400, "INVALID_OPTION_ID", "The optionId was missing or invalid.", { optionId });
export const invalidUnitId = (unitId: string) =>
  error(400, "INVALID_UNIT_ID", "The unitId was missing or invalid.", { unitId });
export const invalidAvailabilityId = (availabilityId: string) =>
  error(400, "INVALID_AVAILABILITY_ID", "The availabilityId was missing or invalid.", { availabilityId });
export const invalidBookingUuid = (uuid: string, message = "The uuid was already used, missing or invalid.") =>
  error(400, "INVALID_BOOKING_UUID", message, { uuid });
export const unprocessable = (message: string) => error(400, "UNPROCESSABLE_ENTITY", message);
export const unauthorizedKey = () =>
  error(401, "UNAUTHORIZED", "Send a valid, unrevoked API key as Authorization: Bearer <key>.");
export const forbidden = (message: string) => error(403, "FORBIDDEN", message);
export const tooManyRequests = (retryAfter: number) =>
  new OctoError(
    429,
    { error: "TOO_MANY_REQUESTS", errorMessage: "Too many requests with this key; try again later." },
    retryAfter,
  );
export const unavailable = () =>
  error(503, "INTERNAL_SERVER_ERROR", "The supplier is temporarily unavailable; please try again.");
