import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { IDEMPOTENCY_KEY_HEADER } from "~contract/idempotency-key";
import { clientIp, requestOrigin } from "../http/client-info";
import { handle, withStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { getAvailability } from "./availability";
import { cancelBooking } from "./cancel";
import { openBalanceCheckout } from "./deposits";
import { changeBookingAnswers } from "./answers";
import { refreshPayment } from "./checkout-outcome";
import { createBooking } from "./place";
import { quoteBooking } from "./quote";
import { rescheduleBooking } from "./reschedule";
import { bookingCalendarFile, getBooking, listBookings, listPayments } from "./read";

export const bookingRoutes = new Hono<AppEnv>();

handle(bookingRoutes, endpoints.availability, async (c, { params: { parentId, serviceId }, query }) =>
  getAvailability(c.get("db"), parentId, serviceId, query, c.get("account")),
);

// Registered before /bookings/:id so that the GET there does not answer for it.
handle(bookingRoutes, endpoints.quote, async (c, { body }) =>
  quoteBooking(c.get("db"), body, c.get("account"), c.get("identity")?.uid ?? null),
);

// Taking seats and starting a payment is sensitive: the token's revocation is always checked (freshUser).
handle(bookingRoutes, endpoints.createBooking, async (c, { body, headers }) => {
  const result = await createBooking(c.get("db"), {
    identity: c.get("identity"),
    scope: c.get("account"),
    body,
    idempotencyKey: headers[IDEMPOTENCY_KEY_HEADER],
    origin: requestOrigin(c),
    clientAddress: clientIp(c),
  });
  const placed = { booking: result.booking, checkoutUrl: result.checkoutUrl };
  return result.created ? placed : withStatus(200, placed);
});

handle(bookingRoutes, endpoints.bookings, async (c, { query: { filter, page } }) =>
  listBookings(c.get("db"), c.get("identity").uid, c.get("account"), filter, page),
);

handle(bookingRoutes, endpoints.booking, async (c, { params }) =>
  getBooking(c.get("db"), c.get("identity").uid, c.get("account"), params.id),
);

handle(bookingRoutes, endpoints.refreshPayment, async (c, { params }) =>
  refreshPayment(c.get("db"), c.get("identity").uid, c.get("account"), params.id),
);

handle(bookingRoutes, endpoints.cancelBooking, async (c, { params }) =>
  cancelBooking(c.get("db"), c.get("identity").uid, c.get("account"), params.id),
);

handle(bookingRoutes, endpoints.payBookingBalance, async (c, { params, body }) =>
  openBalanceCheckout(c.get("db"), c.get("identity").uid, c.get("account"), params.id, body.returnUrl),
);

handle(bookingRoutes, endpoints.changeBookingAnswers, async (c, { params, body }) =>
  changeBookingAnswers(c.get("db"), c.get("identity").uid, c.get("account"), params.id, body.answers, clientIp(c)),
);

handle(bookingRoutes, endpoints.rescheduleBooking, async (c, { params, body, headers }) =>
  rescheduleBooking(
    c.get("db"),
    c.get("identity").uid,
    c.get("account"),
    params.id,
    body.slotId,
    headers[IDEMPOTENCY_KEY_HEADER],
    body.currentStartsAt,
  ),
);

handle(bookingRoutes, endpoints.payments, async (c, { query }) =>
  listPayments(c.get("db"), c.get("identity").uid, c.get("account"), query.page),
);

handle(bookingRoutes, endpoints.bookingCalendar, async (c, { params }) =>
  bookingCalendarFile(c.get("db"), c.get("identity").uid, c.get("account"), params.id, requestOrigin(c)),
);
