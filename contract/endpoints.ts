import { accountContextParams, type AccountContext } from "./accounts";
import { authEmailBody, createSessionBody, setPasswordInput, type PasswordPolicy, type SessionCreated } from "./auth";
import {
  availabilityQuery,
  bookingListQuery,
  bookingParams,
  paymentListQuery,
  createBookingBody,
  quoteBody,
  type Availability,
  type BookingPage,
  type BookingView,
  type Quote,
} from "./bookings";
import {
  experienceListQuery,
  experienceParams,
  serviceParams,
  type ExperienceDetail,
  type ExperiencePage,
  type Facets,
  type ServiceDetail,
} from "./catalog";
import { endpoint, output } from "./endpoint";
import { notificationListQuery, notificationParams, type NotificationPage } from "./notifications";
import { devOutboxParams, devOutboxQuery, type OutboxMessage } from "./outbox";
import { sandboxCheckoutParams, sandboxPayBody, type CheckoutStatus, type SandboxCheckoutView } from "./payments";
import { promoCodeParams, promoCodeQuery, type PromoCodeView } from "./promo";
import { missingDataBody, missingDataQuery, syncBody, type MissingDataField, type UserInfo } from "./users";
import { signWaiverBody, type WaiverView } from "./waivers";

/**
 * The v1 API as its clients see it: every endpoint the web app calls, by name. The API
 * validates with the same schemas; the typed client (./client.ts) is derived from this table.
 * Errors every endpoint may answer (validation_error, unauthorized, rate_limited, …) are in
 * ./errors.ts; `errors` lists each endpoint's own.
 */
export const endpoints = {
  health: endpoint({
    method: "GET",
    path: "/v1/health",
    output: output<{ status: string; database: string }>(),
    errors: [],
  }),

  accountContext: endpoint({
    method: "GET",
    path: "/v1/account-context/:slug",
    params: accountContextParams,
    output: output<AccountContext>(),
    errors: ["account_not_found"],
  }),

  facets: endpoint({ method: "GET", path: "/v1/facets", output: output<Facets>(), errors: [] }),
  experiences: endpoint({
    method: "GET",
    path: "/v1/experiences",
    query: experienceListQuery,
    output: output<ExperiencePage>(),
    errors: [],
  }),
  experience: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId",
    params: experienceParams,
    output: output<ExperienceDetail>(),
    errors: ["not_found"],
  }),
  service: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId/services/:serviceId",
    params: serviceParams,
    output: output<ServiceDetail>(),
    errors: ["not_found"],
  }),
  availability: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId/services/:serviceId/availability",
    params: serviceParams,
    query: availabilityQuery,
    output: output<Availability>(),
    errors: ["not_found"],
  }),

  passwordPolicy: endpoint({
    method: "GET",
    path: "/v1/auth/password-policy",
    output: output<PasswordPolicy>(),
    errors: [],
  }),
  createSession: endpoint({
    method: "POST",
    path: "/v1/auth/session",
    body: createSessionBody,
    output: output<SessionCreated>(),
    errors: ["invalid_token", "stale_sign_in"],
  }),
  signOut: endpoint({ method: "POST", path: "/v1/auth/sign-out", output: output<void>(), errors: [] }),
  sendAuthLink: endpoint({
    method: "POST",
    path: "/v1/send-auth-link",
    body: authEmailBody,
    output: output<void>(),
    errors: [],
  }),
  sendPasswordReset: endpoint({
    method: "POST",
    path: "/v1/send-password-reset",
    body: authEmailBody,
    output: output<void>(),
    errors: [],
  }),

  syncUser: endpoint({ method: "PATCH", path: "/v1/user/sync", body: syncBody, output: output<void>(), errors: [] }),
  userInfo: endpoint({ method: "GET", path: "/v1/user/info", output: output<UserInfo>(), errors: ["user_not_found"] }),
  missingData: endpoint({
    method: "GET",
    path: "/v1/user/missing-data",
    query: missingDataQuery,
    output: output<{ missingData: MissingDataField[] }>(),
    errors: ["user_not_found"],
  }),
  updateMissingData: endpoint({
    method: "PATCH",
    path: "/v1/user/missing-data",
    body: missingDataBody,
    output: output<void>(),
    errors: ["user_not_found"],
  }),
  setPassword: endpoint({
    method: "PATCH",
    path: "/v1/user/set-password",
    body: setPasswordInput,
    output: output<void>(),
    errors: ["user_not_found"],
  }),

  waiver: endpoint({ method: "GET", path: "/v1/user/waiver", output: output<WaiverView>(), errors: [] }),
  waiverStatus: endpoint({
    method: "GET",
    path: "/v1/user/waiver/status",
    output: output<{ isSigned: boolean }>(),
    errors: [],
  }),
  signWaiver: endpoint({
    method: "POST",
    path: "/v1/user/waiver/sign",
    body: signWaiverBody,
    output: output<void>(),
    errors: ["waiver_version_changed"],
  }),

  quote: endpoint({
    method: "POST",
    path: "/v1/bookings/quote",
    body: quoteBody,
    output: output<Quote>(),
    errors: ["not_found", "slot_not_found", "sold_out"],
  }),
  createBooking: endpoint({
    method: "POST",
    path: "/v1/bookings",
    body: createBookingBody,
    headers: ["Idempotency-Key"],
    output: output<{ booking: BookingView; checkoutUrl: string }>(),
    errors: [
      "not_found",
      "slot_not_found",
      "sold_out",
      "profile_incomplete",
      "waiver_required",
      "promo_invalid",
      "user_not_found",
      "payment_unavailable",
      "idempotency_key_reused",
    ],
  }),
  bookings: endpoint({
    method: "GET",
    path: "/v1/bookings",
    query: bookingListQuery,
    output: output<BookingPage>(),
    errors: [],
  }),
  booking: endpoint({
    method: "GET",
    path: "/v1/bookings/:id",
    params: bookingParams,
    output: output<BookingView>(),
    errors: ["booking_not_found"],
  }),
  refreshPayment: endpoint({
    method: "POST",
    path: "/v1/bookings/:id/refresh-payment",
    params: bookingParams,
    output: output<BookingView>(),
    errors: ["booking_not_found"],
  }),
  cancelBooking: endpoint({
    method: "POST",
    path: "/v1/bookings/:id/cancel",
    params: bookingParams,
    output: output<BookingView>(),
    errors: ["booking_not_found", "not_cancellable", "cancellation_closed", "payment_unavailable"],
  }),

  payments: endpoint({
    method: "GET",
    path: "/v1/user/payments",
    query: paymentListQuery,
    output: output<BookingPage>(),
    errors: [],
  }),

  promoCode: endpoint({
    method: "GET",
    path: "/v1/promo-codes/:code",
    params: promoCodeParams,
    query: promoCodeQuery,
    output: output<PromoCodeView>(),
    errors: ["promo_not_found"],
  }),

  sandboxCheckout: endpoint({
    method: "GET",
    path: "/v1/payments/sandbox/checkouts/:sessionId",
    params: sandboxCheckoutParams,
    output: output<SandboxCheckoutView>(),
    errors: ["checkout_not_found"],
  }),
  paySandboxCheckout: endpoint({
    method: "POST",
    path: "/v1/payments/sandbox/checkouts/:sessionId/pay",
    params: sandboxCheckoutParams,
    body: sandboxPayBody,
    output: output<{ status: CheckoutStatus; redirectUrl: string }>(),
    errors: ["checkout_not_found", "checkout_closed", "card_invalid"],
  }),

  notifications: endpoint({
    method: "GET",
    path: "/v1/user/notifications",
    query: notificationListQuery,
    output: output<NotificationPage>(),
    errors: [],
  }),
  markNotificationRead: endpoint({
    method: "PATCH",
    path: "/v1/user/notifications/:id/read",
    params: notificationParams,
    output: output<void>(),
    errors: ["notification_not_found"],
  }),

  devOutbox: endpoint({
    method: "GET",
    path: "/v1/dev/outbox",
    query: devOutboxQuery,
    output: output<OutboxMessage[]>(),
    errors: [],
  }),
  devOutboxMessage: endpoint({
    method: "GET",
    path: "/v1/dev/outbox/:id",
    params: devOutboxParams,
    output: output<OutboxMessage>(),
    errors: ["message_not_found"],
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
