import { accountContextParams } from "./accounts";
import { authEmailBody, createSessionBody, passwordSessionBody, resetPasswordInput, setPasswordInput } from "./auth";
import {
  availabilityQuery,
  bookingListQuery,
  bookingParams,
  paymentListQuery,
  createBookingBody,
  quoteBody,
} from "./bookings";
import { experienceListQuery, experienceParams, serviceParams } from "./catalog";
import { z } from "zod";
import { reviewBody, reviewListQuery } from "./reviews";
import { endpoint } from "./endpoint";
import { changeFeed } from "./change-feed";
import * as out from "./outputs";
import { notificationListQuery, notificationParams } from "./notifications";
import { notificationPreferencesBody } from "./preferences";
import { cardParams } from "./cards";
import { devClockBody } from "./jobs";
import { tipBody, tipKeyParams } from "./tips";
import { unsubscribeParams } from "./unsubscribe";
import { referralCodeParams } from "./referrals";
import { devOutboxParams, devOutboxQuery } from "./outbox";
import { sandboxCheckoutParams, sandboxPayBody } from "./payments";
import { promoCodeParams, promoCodeQuery } from "./promo";
import { missingDataBody, missingDataQuery, syncBody } from "./users";
import { codeBody, emailBody, nameBody, phoneBody } from "./settings";
import { signWaiverBody } from "./waivers";

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
    output: out.health,
    errors: [],
  }),

  changeFeed,

  accountContext: endpoint({
    method: "GET",
    path: "/v1/account-context/:slug",
    params: accountContextParams,
    output: out.accountContext,
    errors: ["account_not_found"],
    dependsOn: ["catalog"],
  }),

  facets: endpoint({ method: "GET", path: "/v1/facets", output: out.facets, errors: [], dependsOn: ["catalog"] }),
  experiences: endpoint({
    method: "GET",
    path: "/v1/experiences",
    query: experienceListQuery,
    output: out.experiencePage,
    errors: [],
    dependsOn: ["catalog", "seats"],
  }),
  experience: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId",
    params: experienceParams,
    output: out.experienceDetail,
    errors: ["not_found"],
    dependsOn: ["catalog", "seats"],
  }),
  service: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId/services/:serviceId",
    params: serviceParams,
    output: out.serviceDetail,
    errors: ["not_found"],
    dependsOn: ["catalog", "seats"],
  }),
  availability: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId/services/:serviceId/availability",
    params: serviceParams,
    query: availabilityQuery,
    output: out.availability,
    errors: ["not_found"],
    dependsOn: ["seats"],
  }),

  passwordPolicy: endpoint({
    method: "GET",
    path: "/v1/auth/password-policy",
    output: out.passwordPolicy,
    errors: [],
  }),
  createSession: endpoint({
    method: "POST",
    path: "/v1/auth/session",
    body: createSessionBody,
    output: out.sessionCreated,
    errors: ["invalid_token", "stale_sign_in"],
    changes: ["user"],
  }),
  passwordSession: endpoint({
    method: "POST",
    path: "/v1/auth/password-session",
    body: passwordSessionBody,
    output: out.sessionCreated,
    errors: ["invalid_credentials", "user_disabled"],
    changes: ["user"],
  }),
  signOut: endpoint({ method: "POST", path: "/v1/auth/sign-out", output: out.nothing, errors: [], changes: ["user"] }),
  signOutEverywhere: endpoint({
    method: "POST",
    path: "/v1/auth/sign-out-everywhere",
    output: out.nothing,
    errors: [],
    changes: ["user"],
  }),
  sendAuthLink: endpoint({
    method: "POST",
    path: "/v1/send-auth-link",
    body: authEmailBody,
    output: out.nothing,
    errors: [],
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/v1/auth/password-reset",
    body: resetPasswordInput,
    output: out.nothing,
    errors: ["invalid_reset_link", "user_disabled"],
  }),
  sendPasswordReset: endpoint({
    method: "POST",
    path: "/v1/send-password-reset",
    body: authEmailBody,
    output: out.nothing,
    errors: [],
  }),

  syncUser: endpoint({
    method: "PATCH",
    path: "/v1/user/sync",
    body: syncBody,
    output: out.nothing,
    errors: [],
    changes: ["user"],
  }),
  userInfo: endpoint({
    method: "GET",
    path: "/v1/user/info",
    output: out.userInfo,
    errors: ["user_not_found"],
    dependsOn: ["user"],
  }),
  missingData: endpoint({
    method: "GET",
    path: "/v1/user/missing-data",
    query: missingDataQuery,
    output: out.missingData,
    errors: ["user_not_found"],
  }),
  updateMissingData: endpoint({
    method: "PATCH",
    path: "/v1/user/missing-data",
    body: missingDataBody,
    output: out.nothing,
    errors: ["user_not_found"],
    changes: ["user"],
  }),
  setPassword: endpoint({
    method: "PATCH",
    path: "/v1/user/set-password",
    body: setPasswordInput,
    output: out.passwordSet,
    errors: ["user_not_found"],
    changes: ["user"],
  }),

  personalInfo: endpoint({
    method: "GET",
    path: "/v1/user/settings/personal-info",
    output: out.personalInfo,
    errors: ["user_not_found"],
  }),
  updateName: endpoint({
    method: "PUT",
    path: "/v1/user/settings/name",
    body: nameBody,
    output: out.nothing,
    errors: ["user_not_found"],
    changes: ["user"],
  }),
  changePhone: endpoint({
    method: "PUT",
    path: "/v1/user/settings/phone",
    body: phoneBody,
    output: out.nothing,
    errors: ["user_not_found"],
    changes: ["user"],
  }),
  confirmPhone: endpoint({
    method: "PUT",
    path: "/v1/user/settings/phone/confirm",
    body: codeBody,
    output: out.nothing,
    errors: ["invalid_code", "code_expired", "no_pending_change", "too_many_attempts"],
    changes: ["user"],
  }),
  changeEmail: endpoint({
    method: "PUT",
    path: "/v1/user/settings/email",
    body: emailBody,
    output: out.nothing,
    errors: ["user_not_found", "email_taken"],
    changes: ["user"],
  }),
  confirmEmail: endpoint({
    method: "PUT",
    path: "/v1/user/settings/email/confirm",
    body: codeBody,
    output: out.renewedSession,
    errors: ["invalid_code", "code_expired", "no_pending_change", "too_many_attempts", "email_taken"],
    changes: ["user"],
  }),

  waiver: endpoint({ method: "GET", path: "/v1/user/waiver", output: out.waiver, errors: [] }),
  waiverStatus: endpoint({
    method: "GET",
    path: "/v1/user/waiver/status",
    output: out.waiverStatus,
    errors: [],
  }),
  signWaiver: endpoint({
    method: "POST",
    path: "/v1/user/waiver/sign",
    body: signWaiverBody,
    output: out.nothing,
    errors: ["waiver_version_changed"],
    changes: ["user"],
  }),

  quote: endpoint({
    method: "POST",
    path: "/v1/bookings/quote",
    body: quoteBody,
    output: out.quote,
    errors: ["not_found", "slot_not_found", "sold_out"],
  }),
  createBooking: endpoint({
    method: "POST",
    path: "/v1/bookings",
    body: createBookingBody,
    headers: ["Idempotency-Key"],
    output: out.placedBooking,
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
      "payment_method_not_found",
    ],
    changes: ["seats", "user"],
  }),
  bookings: endpoint({
    method: "GET",
    path: "/v1/bookings",
    query: bookingListQuery,
    output: out.bookingPage,
    errors: [],
  }),
  booking: endpoint({
    method: "GET",
    path: "/v1/bookings/:id",
    params: bookingParams,
    output: out.booking,
    errors: ["booking_not_found"],
  }),
  bookingCalendar: endpoint({
    method: "GET",
    path: "/v1/bookings/:id/calendar",
    params: bookingParams,
    output: out.calendarFile,
    errors: ["booking_not_found", "booking_not_confirmed"],
  }),
  refreshPayment: endpoint({
    method: "POST",
    path: "/v1/bookings/:id/refresh-payment",
    params: bookingParams,
    output: out.booking,
    errors: ["booking_not_found"],
    changes: ["seats"],
  }),
  cancelBooking: endpoint({
    method: "POST",
    path: "/v1/bookings/:id/cancel",
    params: bookingParams,
    output: out.booking,
    errors: ["booking_not_found", "not_cancellable", "cancellation_closed", "payment_unavailable"],
    changes: ["seats", "user"],
  }),

  payments: endpoint({
    method: "GET",
    path: "/v1/user/payments",
    query: paymentListQuery,
    output: out.bookingPage,
    errors: [],
  }),

  promoCode: endpoint({
    method: "GET",
    path: "/v1/promo-codes/:code",
    params: promoCodeParams,
    query: promoCodeQuery,
    output: out.promoCode,
    errors: ["promo_not_found"],
  }),

  sandboxCheckout: endpoint({
    method: "GET",
    path: "/v1/payments/sandbox/checkouts/:sessionId",
    params: sandboxCheckoutParams,
    output: out.sandboxCheckout,
    errors: ["checkout_not_found"],
  }),
  paySandboxCheckout: endpoint({
    method: "POST",
    path: "/v1/payments/sandbox/checkouts/:sessionId/pay",
    params: sandboxCheckoutParams,
    body: sandboxPayBody,
    output: out.sandboxPaid,
    errors: ["checkout_not_found", "checkout_closed", "card_invalid", "card_declined"],
    changes: ["seats", "user"],
  }),

  notifications: endpoint({
    method: "GET",
    path: "/v1/user/notifications",
    query: notificationListQuery,
    output: out.notificationPage,
    errors: [],
  }),
  markAllNotificationsRead: endpoint({
    method: "PATCH",
    path: "/v1/user/notifications/read",
    output: out.nothing,
    errors: [],
    changes: ["user"],
  }),
  markNotificationRead: endpoint({
    method: "PATCH",
    path: "/v1/user/notifications/:id/read",
    params: notificationParams,
    output: out.nothing,
    errors: ["notification_not_found"],
    changes: ["user"],
  }),

  notificationPreferences: endpoint({
    method: "GET",
    path: "/v1/user/notification-preferences",
    output: out.notificationPreferences,
    errors: [],
  }),
  setNotificationPreferences: endpoint({
    method: "PUT",
    path: "/v1/user/notification-preferences",
    body: notificationPreferencesBody,
    output: out.notificationPreferences,
    errors: [],
  }),

  savedCards: endpoint({
    method: "GET",
    path: "/v1/user/payment-methods",
    output: out.savedCards,
    errors: [],
  }),
  setDefaultCard: endpoint({
    method: "PUT",
    path: "/v1/user/payment-methods/:id/default",
    params: cardParams,
    output: out.nothing,
    errors: ["payment_method_not_found"],
  }),
  removeCard: endpoint({
    method: "DELETE",
    path: "/v1/user/payment-methods/:id",
    params: cardParams,
    output: out.nothing,
    errors: ["payment_method_not_found"],
  }),

  devOutbox: endpoint({
    method: "GET",
    path: "/v1/dev/outbox",
    query: devOutboxQuery,
    output: z.array(out.outboxMessage),
    errors: [],
  }),
  reviews: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId/reviews",
    params: experienceParams,
    query: reviewListQuery,
    output: out.reviewPage,
    errors: [],
  }),
  createReview: endpoint({
    method: "POST",
    path: "/v1/bookings/:id/review",
    params: bookingParams,
    body: reviewBody,
    output: out.reviewView,
    errors: ["booking_not_found", "review_not_open", "review_exists"],
    changes: ["catalog"],
  }),
  tipPage: endpoint({
    method: "GET",
    path: "/v1/gratuity/:accessKey",
    params: tipKeyParams,
    output: out.tipPage,
    errors: ["tip_not_found"],
  }),
  startTip: endpoint({
    method: "POST",
    path: "/v1/gratuity/:accessKey",
    params: tipKeyParams,
    body: tipBody,
    output: out.tipStarted,
    errors: ["tip_not_found", "tip_already_given", "tip_amount_out_of_range"],
  }),
  unsubscribeLink: endpoint({
    method: "GET",
    path: "/v1/unsubscribe/:token",
    params: unsubscribeParams,
    output: out.unsubscribeView,
    errors: ["unsubscribe_link_invalid"],
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/v1/unsubscribe/:token",
    params: unsubscribeParams,
    output: out.unsubscribeView,
    errors: ["unsubscribe_link_invalid"],
  }),
  referralInvite: endpoint({
    method: "GET",
    path: "/v1/referral/:code",
    params: referralCodeParams,
    output: out.referralInvite,
    errors: ["referral_not_found"],
  }),
  myReferral: endpoint({
    method: "GET",
    path: "/v1/user/referral",
    output: out.myReferral,
    errors: [],
    dependsOn: ["user"],
  }),
  myTips: endpoint({ method: "GET", path: "/v1/user/tips", output: out.tipList, errors: [] }),
  devClock: endpoint({ method: "GET", path: "/v1/dev/clock", output: out.devClock, errors: [] }),
  moveDevClock: endpoint({
    method: "POST",
    path: "/v1/dev/clock",
    body: devClockBody,
    output: out.devClockMoved,
    errors: [],
    changes: ["catalog", "seats", "user"],
  }),
  devJobs: endpoint({ method: "GET", path: "/v1/dev/jobs", output: out.devJobs, errors: [] }),
  devOutboxMessage: endpoint({
    method: "GET",
    path: "/v1/dev/outbox/:id",
    params: devOutboxParams,
    output: out.outboxMessage,
    errors: ["message_not_found"],
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
