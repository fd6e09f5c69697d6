import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { withTenant } from "../accounts/tenant";
import { optionalAuth, requireAuth, requireFreshAuth } from "../auth/middleware";
import { serviceParams } from "~contract/catalog";
import { requestOrigin } from "../http/client-info";
import { dataResponse } from "../http/envelope";
import { validationError } from "../http/errors";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { getAvailability } from "./availability";
import {
  availabilityQuery,
  bookingListQuery,
  bookingParams,
  paymentListQuery,
  createBookingBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  quoteBody,
} from "~contract/bookings";
import { cancelBooking } from "./cancel";
import { refreshPayment } from "./checkout-outcome";
import { createBooking } from "./place";
import { quoteBooking } from "./quote";
import { bookingCalendarFile, getBooking, listBookings, listPayments } from "./read";

export const bookingRoutes = new Hono<AppEnv>();

bookingRoutes.get(
  "/experiences/:parentId/services/:serviceId/availability",
  validate("param", serviceParams),
  validate("query", availabilityQuery),
  withDb,
  withTenant,
  async (c) => {
    const { parentId, serviceId } = c.req.valid("param");
    return dataResponse(
      c,
      await getAvailability(c.get("db"), parentId, serviceId, c.req.valid("query"), c.get("account")),
    );
  },
);
allowOnly(bookingRoutes, "/experiences/:parentId/services/:serviceId/availability", ["GET"]);

// Registered before /bookings/:id so that its method guard does not answer for it.
bookingRoutes.post("/bookings/quote", optionalAuth, validate("json", quoteBody), withDb, withTenant, async (c) =>
  dataResponse(
    c,
    await quoteBooking(c.get("db"), c.req.valid("json"), c.get("account"), c.get("identity")?.uid ?? null),
  ),
);
allowOnly(bookingRoutes, "/bookings/quote", ["POST"]);

/** The Idempotency-Key header, required on POST /v1/bookings. */
const idempotencyKey = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw validationError({
      [IDEMPOTENCY_KEY_HEADER]: [
        key === undefined ? "Send an Idempotency-Key header (e.g. a UUID)." : "Use 8–128 visible ASCII characters.",
      ],
    });
  }
  await next();
});

// Taking seats and starting a payment is sensitive: the token's revocation is always checked.
bookingRoutes.post(
  "/bookings",
  requireFreshAuth,
  idempotencyKey,
  validate("json", createBookingBody),
  withDb,
  withTenant,
  async (c) => {
    const result = await createBooking(c.get("db"), {
      identity: c.get("identity"),
      scope: c.get("account"),
      body: c.req.valid("json"),
      idempotencyKey: c.req.header(IDEMPOTENCY_KEY_HEADER)!,
      origin: requestOrigin(c),
    });
    return c.json({ data: { booking: result.booking, checkoutUrl: result.checkoutUrl } }, result.created ? 201 : 200);
  },
);
bookingRoutes.get("/bookings", requireAuth, validate("query", bookingListQuery), withDb, withTenant, async (c) => {
  const { filter, page } = c.req.valid("query");
  return dataResponse(c, await listBookings(c.get("db"), c.get("identity").uid, c.get("account"), filter, page));
});
allowOnly(bookingRoutes, "/bookings", ["GET", "POST"]);

bookingRoutes.get("/bookings/:id", requireAuth, validate("param", bookingParams), withDb, withTenant, async (c) =>
  dataResponse(c, await getBooking(c.get("db"), c.get("identity").uid, c.get("account"), c.req.valid("param").id)),
);
allowOnly(bookingRoutes, "/bookings/:id", ["GET"]);

bookingRoutes.post(
  "/bookings/:id/refresh-payment",
  requireAuth,
  validate("param", bookingParams),
  withDb,
  withTenant,
  async (c) =>
    dataResponse(
      c,
      await refreshPayment(c.get("db"), c.get("identity").uid, c.get("account"), c.req.valid("param").id),
    ),
);
allowOnly(bookingRoutes, "/bookings/:id/refresh-payment", ["POST"]);

bookingRoutes.post(
  "/bookings/:id/cancel",
  requireFreshAuth,
  validate("param", bookingParams),
  withDb,
  withTenant,
  async (c) =>
    dataResponse(c, await cancelBooking(c.get("db"), c.get("identity").uid, c.get("account"), c.req.valid("param").id)),
);
allowOnly(bookingRoutes, "/bookings/:id/cancel", ["POST"]);

bookingRoutes.get("/user/payments", requireAuth, validate("query", paymentListQuery), withDb, withTenant, async (c) =>
  dataResponse(c, await listPayments(c.get("db"), c.get("identity").uid, c.get("account"), c.req.valid("query").page)),
);
allowOnly(bookingRoutes, "/user/payments", ["GET"]);

bookingRoutes.get(
  "/bookings/:id/calendar",
  requireAuth,
  validate("param", bookingParams),
  withDb,
  withTenant,
  async (c) => {
    const { id } = c.req.valid("param");
    const file = await bookingCalendarFile(c.get("db"), c.get("identity").uid, c.get("account"), id, requestOrigin(c));
    return dataResponse(c, file);
  },
);
allowOnly(bookingRoutes, "/bookings/:id/calendar", ["GET"]);
