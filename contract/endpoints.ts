import {
  healthEndpoints,
  changesEndpoints,
  mediaEndpoints,
  developmentEndpoints,
  referenceEndpoints,
} from "./system/endpoints";
import { accountsEndpoints, catalogEndpoints, reviewsEndpoints } from "./catalog/endpoints";
import {
  authEndpoints,
  userEndpoints,
  settingsEndpoints,
  notificationsEndpoints,
  unsubscribeEndpoints,
} from "./identity/endpoints";
import {
  waiversEndpoints,
  bookingsEndpoints,
  promoCodesEndpoints,
  paymentsEndpoints,
  savedCardsEndpoints,
  checkoutRemindersEndpoints,
} from "./bookings/endpoints";
import { tipsEndpoints, giftCardsEndpoints, referralsEndpoints } from "./gifts/endpoints";
import { waitlistEndpoints } from "./waitlist/endpoints";
import { operatorApplicationEndpoints, platformAdminEndpoints } from "./platform/endpoints";
import { twoStepEndpoints } from "./identity/two-step-endpoints";
import { consoleEndpoints } from "./operator/team-endpoints";
import { consoleDeskEndpoints } from "./operator/desk-endpoints";
import { consoleWeekEndpoints } from "./operator/week-endpoints";
import { consoleCustomerEndpoints } from "./operator/customer-endpoints";
import { consoleMessageEndpoints } from "./operator/message-endpoints";
import { consoleMoveEndpoints } from "./operator/move-endpoints";
import { consoleStaffBookingEndpoints } from "./operator/staff-booking-endpoints";
import { consolePhotosEndpoints, consoleSchedulesEndpoints } from "./operator/catalog-endpoints";
import {
  consoleCheckInEndpoints,
  consoleBrandingEndpoints,
  consoleRefundsEndpoints,
  consoleDayManifestEndpoints,
  consoleReportsEndpoints,
} from "./operator/day-endpoints";
import { payoutAccountEndpoints } from "./payouts/account-endpoints";
import { consoleBookingQuestionsEndpoints } from "./operator/booking-questions";
import { consoleAddOnsEndpoints } from "./operator/add-ons";
import { consolePickupPointsEndpoints } from "./operator/pickup-points";
import { adminMoneyEndpoints, consoleMoneyEndpoints } from "./payouts/money-endpoints";
import { consoleResellerEndpoints } from "./operator/resellers";
import { consoleWebhookEndpoints } from "./operator/webhooks";

/**
 * The v1 API: every endpoint, declared once, by name. The API registers each route from its entry
 * (api/http/register.ts), the typed client (./client.ts) calls it by name, and /v1/openapi.json
 * describes it with `operationId` = its name. Errors every endpoint may answer (validation_error,
 * unauthorized, rate_limited, …) are in ./errors.ts; `errors` lists each endpoint's own.
 */
export const endpoints = {
  ...healthEndpoints,
  ...changesEndpoints,
  ...accountsEndpoints,
  ...catalogEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...settingsEndpoints,
  ...twoStepEndpoints,
  ...waiversEndpoints,
  ...reviewsEndpoints,
  ...bookingsEndpoints,
  ...promoCodesEndpoints,
  ...paymentsEndpoints,
  ...savedCardsEndpoints,
  ...notificationsEndpoints,
  ...tipsEndpoints,
  ...giftCardsEndpoints,
  ...unsubscribeEndpoints,
  ...referralsEndpoints,
  ...checkoutRemindersEndpoints,
  ...waitlistEndpoints,
  ...operatorApplicationEndpoints,
  ...platformAdminEndpoints,
  ...consoleEndpoints,
  ...consolePhotosEndpoints,
  ...consoleCheckInEndpoints,
  ...consoleBrandingEndpoints,
  ...consoleRefundsEndpoints,
  ...consoleDayManifestEndpoints,
  ...consoleReportsEndpoints,
  ...consoleDeskEndpoints,
  ...consoleWeekEndpoints,
  ...consoleCustomerEndpoints,
  ...consoleMessageEndpoints,
  ...consoleMoveEndpoints,
  ...consoleStaffBookingEndpoints,
  ...payoutAccountEndpoints,
  ...consoleMoneyEndpoints,
  ...adminMoneyEndpoints,
  ...mediaEndpoints,
  ...consoleSchedulesEndpoints,
  ...consoleBookingQuestionsEndpoints,
  ...consoleAddOnsEndpoints,
  ...consolePickupPointsEndpoints,
  ...consoleResellerEndpoints,
  ...consoleWebhookEndpoints,
  ...developmentEndpoints,
  ...referenceEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
