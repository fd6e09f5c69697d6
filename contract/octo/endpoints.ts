/**
 * The OCTO supplier API under /octo (issue 47): each endpoint declared once, like the v1 API's
 * (../endpoint.ts) but in OCTO's terms: a reseller's key (Authorization: Bearer), answers as OCTO
 * shapes them (no envelope), errors as `{ error, errorMessage }` with OCTO's names. The API parses
 * each request with these schemas (api/octo/register.ts) and /v1/openapi.json describes them under
 * the tag "OCTO" (api/docs/openapi.ts).
 */
import { z } from "zod";
import { localDate as isoDate } from "../operator/schedule-fields";
import {
  octoBookingParams,
  octoCancelBody,
  octoConfirmBody,
  octoExtendBody,
  octoListQuery,
  octoReserveBody,
  octoUpdateBody,
} from "./bookings";
import {
  octoAvailability,
  octoBooking,
  octoCalendarDay,
  octoProduct,
  octoSupplier,
  type OctoErrorName,
  OCTO_UNIT_ERRORS,
} from "./outputs";
import { octoWebhook, octoWebhookBody, octoWebhookParams, octoWebhookWithSecret } from "./webhooks";

/** The header a reseller names the optional capabilities it wants by (comma-separated). */
export const OCTO_CAPABILITIES_HEADER = "Octo-Capabilities";
/** The capabilities this supplier offers. */
export const OCTO_CAPABILITIES = ["octo/pricing", "octo/webhooks"] as const;

export interface OctoEndpoint {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: `/octo/${string}`;
  summary: string;
  params?: z.AnyZodObject;
  /** The query string's parameters (GET). */
  query?: z.AnyZodObject;
  body?: z.ZodTypeAny;
  output: z.ZodTypeAny;
  /** The OCTO errors of its own (UNAUTHORIZED, FORBIDDEN, BAD_REQUEST and TOO_MANY_REQUESTS: any). */
  errors: readonly OctoErrorName[];
}

const octoId = z.string().trim().min(1).max(200);
const unitsAsked = z
  .array(z.object({ id: octoId, quantity: z.number().int().min(0).max(10_000) }))
  .max(50)
  .optional();

/** POST /octo/availability/calendar: every local day from start to end, both included. */
export const octoCalendarBody = z.object({
  productId: octoId,
  optionId: octoId,
  localDateStart: isoDate,
  localDateEnd: isoDate,
  units: unitsAsked,
  currency: z.string().nullable().optional(),
});
export type OctoCalendarBody = z.infer<typeof octoCalendarBody>;

/** POST /octo/availability: the departures of a local date range, or those named by `availabilityIds`. */
export const octoAvailabilityBody = z
  .object({
    productId: octoId,
    optionId: octoId,
    localDate: isoDate.optional(),
    localDateStart: isoDate.optional(),
    localDateEnd: isoDate.optional(),
    availabilityIds: z.array(octoId).min(1).max(100).optional(),
    units: unitsAsked,
    currency: z.string().nullable().optional(),
  })
  .refine(
    (body) =>
      [
        body.availabilityIds !== undefined,
        body.localDate !== undefined,
        body.localDateStart !== undefined || body.localDateEnd !== undefined,
      ].filter(Boolean).length === 1 && (body.localDateStart !== undefined) === (body.localDateEnd !== undefined),
    "Send one of: localDateStart and localDateEnd, localDate, or availabilityIds.",
  );
export type OctoAvailabilityBody = z.infer<typeof octoAvailabilityBody>;

export const octoProductParams = z.object({ productId: octoId });

export const octoEndpoints = {
  octoGetSupplier: {
    method: "GET",
    path: "/octo/supplier",
    summary: "The supplier: the operator whose key this is, and this API's endpoint",
    output: octoSupplier,
    errors: [],
  },
  octoListProducts: {
    method: "GET",
    path: "/octo/products",
    summary:
      "The products this key may sell: the operator's published experiences allowed to the reseller (options: services, units: ticket types)",
    output: z.array(octoProduct),
    errors: [],
  },
  octoGetProduct: {
    method: "GET",
    path: "/octo/products/:productId",
    summary: "One product; another operator's, or one the reseller may not sell: INVALID_PRODUCT_ID",
    params: octoProductParams,
    output: octoProduct,
    errors: ["INVALID_PRODUCT_ID"],
  },
  octoAvailabilityCalendar: {
    method: "POST",
    path: "/octo/availability/calendar",
    summary: "An option's availability per local day (the same seat counts as the storefront's)",
    body: octoCalendarBody,
    output: z.array(octoCalendarDay),
    errors: OCTO_UNIT_ERRORS,
  },
  octoAvailability: {
    method: "POST",
    path: "/octo/availability",
    summary:
      "An option's departures with their status, vacancies and cut-off (the same seat counts as the storefront's)",
    body: octoAvailabilityBody,
    output: z.array(octoAvailability),
    errors: OCTO_UNIT_ERRORS,
  },
  octoReserveBooking: {
    method: "POST",
    path: "/octo/bookings",
    summary:
      "Reserve: the seats held (the storefront's own locked step) as ON_HOLD until utcExpiresAt; the same uuid answers the same booking",
    body: octoReserveBody,
    output: octoBooking,
    errors: [...OCTO_UNIT_ERRORS, "INVALID_AVAILABILITY_ID", "INVALID_BOOKING_UUID", "UNPROCESSABLE_ENTITY"],
  },
  octoListBookings: {
    method: "GET",
    path: "/octo/bookings",
    summary: "This reseller's bookings by its reference, the supplier's reference, or the departures' local dates",
    query: octoListQuery,
    output: z.array(octoBooking),
    errors: [],
  },
  octoGetBooking: {
    method: "GET",
    path: "/octo/bookings/:uuid",
    summary: "One of this reseller's bookings (another's uuid: INVALID_BOOKING_UUID)",
    params: octoBookingParams,
    output: octoBooking,
    errors: ["INVALID_BOOKING_UUID"],
  },
  octoUpdateBooking: {
    method: "PATCH",
    path: "/octo/bookings/:uuid",
    summary:
      "Change a booking's reseller reference, contact or notes (and an ON_HOLD one's expiry); other units or departure: UNPROCESSABLE_ENTITY",
    params: octoBookingParams,
    body: octoUpdateBody,
    output: octoBooking,
    errors: ["INVALID_BOOKING_UUID", "UNPROCESSABLE_ENTITY"],
  },
  octoConfirmBooking: {
    method: "POST",
    path: "/octo/bookings/:uuid/confirm",
    summary:
      "Confirm an ON_HOLD booking with its contact: CONFIRMED, paid by the reseller, with its voucher; the guest emailed the confirmation only with emailReceipt: true",
    params: octoBookingParams,
    body: octoConfirmBody,
    output: octoBooking,
    errors: ["INVALID_BOOKING_UUID", "UNPROCESSABLE_ENTITY"],
  },
  octoExtendBooking: {
    method: "POST",
    path: "/octo/bookings/:uuid/extend",
    summary: "Hold an ON_HOLD booking longer (expirationMinutes from now)",
    params: octoBookingParams,
    body: octoExtendBody,
    output: octoBooking,
    errors: ["INVALID_BOOKING_UUID", "UNPROCESSABLE_ENTITY"],
  },
  octoCancelBooking: {
    method: "POST",
    path: "/octo/bookings/:uuid/cancel",
    summary:
      "Cancel a booking, its seats freed: an ON_HOLD one always, a CONFIRMED one until the operator's cancellation cut-off",
    params: octoBookingParams,
    body: octoCancelBody,
    output: octoBooking,
    errors: ["INVALID_BOOKING_UUID", "UNPROCESSABLE_ENTITY"],
  },
  octoCreateWebhook: {
    method: "POST",
    path: "/octo/webhooks",
    summary:
      "Subscribe a URL to booking_update (octo/webhooks): the reseller's bookings confirmed, changed or cancelled, sent as { webhook, booking } with the capabilities named now, signed as Standard Webhooks with the secret answered here once. Private, loopback and (in production) plain-http targets: BAD_REQUEST",
    body: octoWebhookBody,
    output: octoWebhookWithSecret,
    errors: [],
  },
  octoListWebhooks: {
    method: "GET",
    path: "/octo/webhooks",
    summary: "The reseller's webhooks (octo/webhooks), oldest first",
    output: z.array(octoWebhook),
    errors: [],
  },
  octoDeleteWebhook: {
    method: "DELETE",
    path: "/octo/webhooks/:webhookId",
    summary:
      "Delete one of the reseller's webhooks (octo/webhooks); its waiting deliveries go with it. Another's: NOT_FOUND",
    params: octoWebhookParams,
    output: octoWebhook,
    errors: ["NOT_FOUND"],
  },
} as const satisfies Record<string, OctoEndpoint>;
