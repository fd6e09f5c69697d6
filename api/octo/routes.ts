/**
 * The OCTO supplier API (issue 47): resellers' systems call it with their key, under /octo on the
 * API's origin (api/app.ts mounts it beside /v1). Each endpoint is served from its declaration
 * (contract/octo/endpoints.ts) by handleOcto.
 */
import type { Hono, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { octoEndpoints } from "~contract/octo/endpoints";
import type { AppEnv } from "../http/types";
import { requestId } from "../http/request-id";
import { listFilterGiven } from "~contract/octo/bookings";
import { octoAvailability, octoCalendar } from "./availability";
import { cancelBooking, confirmBooking, extendBooking, updateBooking } from "./booking-changes";
import { octoBookingView, octoListBookings } from "./booking-view";
import { badRequest } from "./errors";
import { reserveBooking } from "./reserve";
import { octoProducts } from "./products";
import { handleOcto, octoFallback } from "./register";
import { createOctoWebhook, deleteOctoWebhook, listOctoWebhooks } from "./webhooks";

/**
 * Registers every OCTO endpoint on `octo` (a Hono whose base path is /octo), after `jobsAndClock`
 * (the app's: the job runner started and the test clock read; jobs/ sits above every room).
 */
export function mountOcto(octo: Hono<AppEnv>, jobsAndClock: MiddlewareHandler<AppEnv>): void {
  octo.use("*", requestId);
  octo.use("*", secureHeaders({ strictTransportSecurity: "max-age=31536000; includeSubDomains" }));
  octo.use("*", jobsAndClock);
  handleOcto(octo, octoEndpoints.octoGetSupplier, async ({ account, endpoint }) => ({
    id: account.id,
    name: account.name,
    endpoint,
    contact: {
      website: null,
      email: account.contactEmail,
      telephone: account.contactPhone,
      address: account.postalAddress,
    },
  }));
  handleOcto(octo, octoEndpoints.octoListProducts, (caller) => octoProducts(caller));
  handleOcto(octo, octoEndpoints.octoGetProduct, async (caller, { params }) => {
    const [product] = await octoProducts(caller, params.productId);
    return product;
  });
  handleOcto(octo, octoEndpoints.octoAvailabilityCalendar, (caller, { body }) => octoCalendar(caller, body));
  handleOcto(octo, octoEndpoints.octoAvailability, (caller, { body }) => octoAvailability(caller, body));
  handleOcto(octo, octoEndpoints.octoReserveBooking, (caller, { body }) =>
    // Links in the guest's emails point back to the origin the reseller reached.
    reserveBooking(caller, body, caller.endpoint.slice(0, -"/octo".length)),
  );
  handleOcto(octo, octoEndpoints.octoListBookings, async (caller, { query }) => {
    if (!listFilterGiven(query))
      throw badRequest("Send resellerReference, supplierReference, localDate, or localDateStart and localDateEnd.");
    return octoListBookings(caller, query);
  });
  handleOcto(octo, octoEndpoints.octoGetBooking, (caller, { params }) => octoBookingView(caller, params.uuid));
  handleOcto(octo, octoEndpoints.octoUpdateBooking, (caller, { params, body }) =>
    updateBooking(caller, params.uuid, body),
  );
  handleOcto(octo, octoEndpoints.octoConfirmBooking, (caller, { params, body }) =>
    confirmBooking(caller, params.uuid, body),
  );
  handleOcto(octo, octoEndpoints.octoExtendBooking, (caller, { params, body }) =>
    extendBooking(caller, params.uuid, body),
  );
  handleOcto(octo, octoEndpoints.octoCancelBooking, (caller, { params, body }) =>
    cancelBooking(caller, params.uuid, body),
  );
  handleOcto(octo, octoEndpoints.octoCreateWebhook, (caller, { body }) => createOctoWebhook(caller, body));
  handleOcto(octo, octoEndpoints.octoListWebhooks, (caller) => listOctoWebhooks(caller));
  handleOcto(octo, octoEndpoints.octoDeleteWebhook, (caller, { params }) =>
    deleteOctoWebhook(caller, params.webhookId),
  );
  octoFallback(octo);
}
