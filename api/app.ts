import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { accountRoutes } from "./accounts/routes";
import { authRoutes } from "./auth/routes";
import { bookingRoutes } from "./bookings/routes";
import { catalogRoutes } from "./catalog/routes";
import { changeRoutes } from "./change-feed/routes";
import { docsRoutes } from "./docs/routes";
import { healthRoutes } from "./health/routes";
import { payloadTooLarge } from "./http/errors";
import { onError, onNotFound } from "./http/on-error";
import { hasOwnBodyLimit } from "./http/register";
import { requestId } from "./http/request-id";
import type { AppEnv } from "./http/types";
import { devJobRoutes, jobsAndClock } from "./jobs/routes";
import { notificationRoutes } from "./notifications/routes";
import { operatorExperienceRoutes } from "./operator/experience-routes";
import { operatorRoutes } from "./operator/routes";
import { photoRoutes } from "./operator/photos";
import { mediaRoutes } from "./photos/media-routes";
import { brandingRoutes } from "./operator/branding-routes";
import { devOutboxRoutes } from "./outbox/routes";
import { paymentRoutes } from "./payments/routes";
import { platformRoutes } from "./platform/routes";
import { adminMoneyRoutes } from "./money/money-routes";
import { savedCardRoutes } from "./payments/saved-card-routes";
import { promoRoutes } from "./promo/routes";
import { settingsRoutes } from "./users/settings-routes";
import { tipRoutes } from "./tips/routes";
import { twoStepRoutes } from "./two-step/routes";
import { giftCardRoutes } from "./gift-cards/routes";
import { reviewRoutes } from "./reviews/routes";
import { unsubscribeRoutes } from "./unsubscribe/routes";
import { referralRoutes } from "./referrals/routes";
import { reminderRoutes } from "./reminders/routes";
import { waitlistRoutes } from "./waitlist/routes";
import { resellerRoutes } from "./resellers/routes";
import { webhookRoutes } from "./webhooks/routes";
import { mountOcto } from "./octo/routes";
import { notifyResellerOfChange } from "./octo/webhooks";
import { onBookingChange } from "./bookings/webhook-events";
import { userRoutes } from "./users/routes";
import { waiverRoutes } from "./waivers/routes";
import { wireRooms } from "./wiring";

wireRooms();

/**
 * The v1 API. Mounted by a Remix splat resource route that passes the original
 * request (path starting with /v1, or /octo: the OCTO supplier API) to `app.fetch`; also callable
 * in-process.
 */
const root = new Hono<AppEnv>();
export const app = root.basePath("/v1");

app.use("*", requestId);
// nosniff, no framing, no referrer and friends on every answer, errors included.
app.use("*", secureHeaders({ strictTransportSecurity: "max-age=31536000; includeSubDomains" }));
// No body we accept comes near this (a Stripe event is a few KiB); a bigger one is a 413 envelope.
// An upload (a route declaring maxBodyBytes) has its own, larger limit (api/http/register.ts).
export const MAX_API_BODY_BYTES = 256 * 1024;
const apiBodyLimit = bodyLimit({
  maxSize: MAX_API_BODY_BYTES,
  onError: () => {
    throw payloadTooLarge(MAX_API_BODY_BYTES);
  },
});
app.use("*", (c, next) => (hasOwnBodyLimit(c.req.method, c.req.path) ? next() : apiBodyLimit(c, next)));
// Before the job runner and the test clock: health answers must not wait on the database's clock.
app.route("/", healthRoutes);
app.use("*", jobsAndClock);
app.route("/", changeRoutes);
app.route("/", accountRoutes);
app.route("/", catalogRoutes);
app.route("/", authRoutes);
app.route("/", userRoutes);
app.route("/", settingsRoutes);
app.route("/", twoStepRoutes);
app.route("/", waiverRoutes);
app.route("/", reviewRoutes);
app.route("/", bookingRoutes);
app.route("/", promoRoutes);
app.route("/", paymentRoutes);
app.route("/", savedCardRoutes);
app.route("/", notificationRoutes);
app.route("/", tipRoutes);
app.route("/", giftCardRoutes);
app.route("/", unsubscribeRoutes);
app.route("/", referralRoutes);
app.route("/", reminderRoutes);
app.route("/", waitlistRoutes);
app.route("/", platformRoutes);
app.route("/", adminMoneyRoutes);
app.route("/", operatorRoutes);
app.route("/", photoRoutes);
app.route("/", mediaRoutes);
app.route("/", brandingRoutes);
app.route("/", operatorExperienceRoutes);
app.route("/", resellerRoutes);
app.route("/", webhookRoutes);
app.route("/", devOutboxRoutes);
app.route("/", devJobRoutes);
app.route("/", docsRoutes);
// The OCTO supplier API (issue 47) beside /v1, on the same router: app.fetch answers /octo too.
mountOcto(root.basePath("/octo"), jobsAndClock);
// Resellers' booking_update notices: every booking change, wherever it is made, in its transaction.
onBookingChange(notifyResellerOfChange);
app.notFound(onNotFound);
app.onError(onError);

export type { AppEnv } from "./http/types";
