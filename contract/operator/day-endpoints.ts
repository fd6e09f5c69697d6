import * as out from "../outputs";
import { optionalIdempotencyKeyHeaders } from "../bookings/requests";
import { domain, endpoint } from "../endpoint";
import { logoMediaParams, operatorBranding, updateBrandingBody, uploadLogoBody } from "./branding";
import { checkInAnswer, checkInBody, checkInSettings, checkInSettingsUpdate } from "./check-in";
import {
  checkInUpdate,
  guideChoices,
  manifest as manifestOutput,
  manifestBookingParams,
  manifestQuery,
  updateCheckInBody,
} from "./manifest";
import { operatorBookingParams, operatorRefundBody } from "./refunds";
import { operatorReport, reportQuery } from "./reports";
import { MAX_PHOTO_BYTES } from "../photos";

export const consoleCheckInEndpoints = domain("Operator console: check-in", {
  operatorCheckIn: endpoint({
    method: "POST",
    path: "/v1/operator/check-ins",
    summary:
      "Check a booking's guests in by its ticket code: answers the outcome and its reason (ok, already_checked_in, cancelled, unpaid, wrong_date, wrong_operator, not_assigned, invalid); the same idempotency key answers the first answer (any member; a guide: only departures assigned to them, else not_assigned)",
    auth: "user",
    member: "any",
    tenant: true,
    whileSuspended: true,
    body: checkInBody,
    output: checkInAnswer,
    errors: [],
  }),
  operatorCheckInSettings: endpoint({
    method: "GET",
    path: "/v1/operator/check-in-settings",
    summary:
      "The operator's check-in settings: whether only checked-in guests get the tip and review emails (any member)",
    auth: "user",
    member: "any",
    tenant: true,
    output: checkInSettings,
    errors: [],
  }),
  operatorUpdateCheckInSettings: endpoint({
    method: "PUT",
    path: "/v1/operator/check-in-settings",
    summary:
      "Require check-in (or not) for the tip and review emails; refund (or refuse) moves to a cheaper departure; the free-cancellation window (`cancellationCutoffHours` before the departure, 0 to 720: past it an operator's refund is goodwill, out of its own part); each change audited (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    // The experience pages say the cancellation policy.
    changes: ["catalog"],
    body: checkInSettingsUpdate,
    output: checkInSettings,
    errors: [],
  }),
});

export const consoleBrandingEndpoints = domain("Operator console: branding", {
  operatorGetBranding: endpoint({
    method: "GET",
    path: "/v1/operator/branding",
    summary:
      "The storefront's branding: the published one (what travellers see) and the draft being edited (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    output: operatorBranding,
    errors: [],
  }),
  operatorUpdateBranding: endpoint({
    method: "PATCH",
    path: "/v1/operator/branding",
    summary:
      "Change the DRAFT branding (display name, tagline, primary colour, support email and phone; travellers see it " +
      "once published). A primary colour on which the buttons' white text reaches less than 4.5:1 is refused: 422 " +
      "`contrast_too_low` with the measured ratio in the message and `details.ratio` (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    body: updateBrandingBody,
    output: operatorBranding,
    errors: ["contrast_too_low"],
  }),
  operatorPublishBranding: endpoint({
    method: "POST",
    path: "/v1/operator/branding/publish",
    summary: "Publish the draft branding: the storefront, its emails and the console show it at once (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    output: operatorBranding,
    errors: ["contrast_too_low"],
    changes: ["catalog"],
  }),
  operatorUploadLogo: endpoint({
    method: "POST",
    path: "/v1/operator/branding/logo",
    summary:
      "The draft's logo (multipart/form-data: `file`, JPEG, PNG, WebP or AVIF up to 10 MB and 40 megapixels; SVG " +
      "and other formats 415): written 96 and 192 px high as WebP and PNG, transparency kept (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    headers: optionalIdempotencyKeyHeaders,
    body: uploadLogoBody,
    bodyMedia: "multipart/form-data",
    maxBodyBytes: MAX_PHOTO_BYTES + 64 * 1024,
    output: operatorBranding,
    statuses: [201],
    errors: ["unsupported_media_type", "payload_too_large", "image_too_large", "idempotency_key_reused"],
  }),
  operatorRemoveLogo: endpoint({
    method: "DELETE",
    path: "/v1/operator/branding/logo",
    summary: "Take the logo out of the draft branding (the storefront shows the name; owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    output: operatorBranding,
    errors: [],
  }),
  mediaLogo: {
    ...endpoint({
      method: "GET",
      path: "/v1/media/logos/:accountId/:logoId/:file",
      summary: "One stored variant of an operator's logo (WebP or PNG, 96 or 192 px high): immutable",
      auth: "public",
      params: logoMediaParams,
      output: out.mediaFile,
      errors: [],
    }),
    media: "image/*" as const,
  },
});

export const consoleRefundsEndpoints = domain("Operator console: refunds", {
  operatorGetBooking: endpoint({
    method: "GET",
    path: "/v1/operator/bookings/:bookingId",
    summary:
      "One booking of the operator: its guest, departure and tickets, and its money (totals, payment, refunds; null for a guide) (owner, manager; a guide only for the departures assigned to them, else 404)",
    auth: "user",
    member: "any",
    tenant: true,
    params: operatorBookingParams,
    output: out.operatorBooking,
    errors: ["booking_not_found"],
  }),
  operatorRefundBooking: endpoint({
    method: "POST",
    path: "/v1/operator/bookings/:bookingId/refunds",
    summary:
      "Refund part or all of a paid booking, with a reason, optionally cancelling it and freeing its seats; the same idempotency key again answers the same refund (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    whileSuspended: true,
    reauth: true,
    params: operatorBookingParams,
    body: operatorRefundBody,
    output: out.operatorRefundResult,
    statuses: [201],
    errors: [
      "reauthentication_required",
      "booking_not_found",
      "booking_not_paid",
      "refund_stale",
      "refund_exceeds_paid",
      "not_cancellable",
      "departure_started",
    ],
    changes: ["seats"],
  }),
});

export const consoleDayManifestEndpoints = domain("Operator console: day manifest", {
  operatorManifest: endpoint({
    method: "GET",
    path: "/v1/operator/manifest",
    summary:
      "The day manifest: every departure starting on a local date, each in its own experience's zone (default today in the operator's), with its guide, bookings (confirmed, and held ones marked), guests per ticket type, lead guest, waiver, paid/owed/refunded, each guest's check-in and totals; a guide sees only the departures assigned to them, and no money (every `money` null, no money columns in the CSV). JSON, or CSV (one row per booking) with `Accept: text/csv` or `format=csv` (every member)",
    auth: "user",
    member: "any",
    tenant: true,
    query: manifestQuery,
    output: manifestOutput,
    alternateMedia: "text/csv",
    errors: [],
  }),
  operatorUpdateCheckIn: endpoint({
    method: "POST",
    path: "/v1/operator/bookings/:bookingId/check-ins",
    summary:
      "Check one guest of a confirmed booking (or all of them) in, mark a no-show, or reset to not yet; setting a state again changes nothing (every member; a guide only on departures assigned to them, else 403 not_assigned)",
    auth: "user",
    member: "any",
    tenant: true,
    whileSuspended: true,
    params: manifestBookingParams,
    body: updateCheckInBody,
    output: checkInUpdate,
    errors: ["booking_not_found", "booking_not_confirmed", "guest_not_found", "not_assigned"],
  }),
  operatorListGuides: endpoint({
    method: "GET",
    path: "/v1/operator/guides",
    summary: "The team's members who may lead a departure (any role), by name (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    output: guideChoices,
    errors: [],
  }),
});

export const consoleReportsEndpoints = domain("Operator console: reports", {
  operatorReport: endpoint({
    method: "GET",
    path: "/v1/operator/report",
    summary:
      "Bookings, guests, revenue, refunds, tips and net by local day for a range of at most 366 days (default the last 30), with totals, summed by the database; and the occupancy (seats taken / capacity) of the next `weeks` weeks' departures. JSON, or CSV (one row per day and a totals row) with `Accept: text/csv` or `format=csv` (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    query: reportQuery,
    output: operatorReport,
    alternateMedia: "text/csv",
    errors: [],
  }),
});
