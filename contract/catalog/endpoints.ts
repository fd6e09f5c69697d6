import * as out from "../outputs";
import { experienceListQuery, experienceParams, serviceParams } from "./requests";
import { accountContextParams } from "./accounts";
import { bookingParams } from "../bookings/requests";
import { domain, endpoint } from "../endpoint";
import { reviewBody, reviewListQuery } from "./reviews";

export const accountsEndpoints = domain("Accounts", {
  accountContext: endpoint({
    method: "GET",
    path: "/v1/account-context/:slug",
    summary: "An operator's storefront: name, colours, currency, contact",
    auth: "public",
    tenant: true,
    params: accountContextParams,
    output: out.accountContext,
    errors: ["account_not_found"],
    dependsOn: ["catalog"],
  }),
});

export const catalogEndpoints = domain("Catalog", {
  facets: endpoint({
    method: "GET",
    path: "/v1/facets",
    summary: "The categories, cities and operators to filter the catalog by",
    auth: "public",
    tenant: true,
    output: out.facets,
    errors: [],
    dependsOn: ["catalog"],
  }),
  experiences: endpoint({
    method: "GET",
    path: "/v1/experiences",
    summary: "Search the catalog: a page of experiences",
    auth: "public",
    tenant: true,
    query: experienceListQuery,
    output: out.experiencePage,
    errors: [],
    dependsOn: ["catalog", "seats"],
  }),
  experience: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId",
    summary: "One experience with its services",
    auth: "public",
    tenant: true,
    params: experienceParams,
    output: out.experienceDetail,
    errors: ["not_found"],
    dependsOn: ["catalog", "seats"],
  }),
  service: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId/services/:serviceId",
    summary: "One service of an experience",
    auth: "public",
    tenant: true,
    params: serviceParams,
    output: out.serviceDetail,
    errors: ["not_found"],
    dependsOn: ["catalog", "seats"],
  }),
});

export const reviewsEndpoints = domain("Reviews", {
  reviews: endpoint({
    method: "GET",
    path: "/v1/experiences/:parentId/reviews",
    summary: "A page of an experience's reviews",
    auth: "public",
    tenant: true,
    params: experienceParams,
    query: reviewListQuery,
    output: out.reviewPage,
    errors: [],
  }),
  createReview: endpoint({
    method: "POST",
    path: "/v1/bookings/:id/review",
    summary: "Review an experience the caller took part in",
    auth: "user",
    tenant: true,
    params: bookingParams,
    body: reviewBody,
    output: out.reviewView,
    statuses: [201],
    errors: ["booking_not_found", "review_not_open", "review_exists"],
    changes: ["catalog"],
  }),
});
