import * as out from "./outputs";
import { domain, endpoint } from "../endpoint";
import {
  adminApplicationsQuery,
  adminAuditLogQuery,
  adminFindBookingQuery,
  adminOperatorsQuery,
  adminReasonBody,
  applicationParams,
  applyAsOperatorBody,
  checkOperatorSlugQuery,
  operatorParams,
} from "./applications";

/**
 * What suspending and reinstating an operator share: the admin's call on one operator, answered
 * with it, and every process's catalog and seats forgetting it.
 */
const standingChange = {
  auth: "platformAdmin",
  params: operatorParams,
  output: out.adminOperator,
  changes: ["catalog", "seats"],
} as const;

/** Operators join the platform (issue 44): the application anyone signed in may send. */
export const operatorApplicationEndpoints = domain("Selling on Wayfarer", {
  applyAsOperator: endpoint({
    method: "POST",
    path: "/v1/operator-applications",
    summary:
      "Apply to sell on the marketplace: business, storefront address (slug), country, currency, time zone, contact, what you offer; one open application per user (rate-limited)",
    auth: "user",
    body: applyAsOperatorBody,
    output: out.operatorApplication,
    statuses: [201],
    errors: ["application_open", "slug_taken", "slug_reserved"],
  }),
  myOperatorApplication: endpoint({
    method: "GET",
    path: "/v1/operator-applications/mine",
    summary: "The signed-in user's latest application to sell, and its status (none: null)",
    auth: "user",
    output: out.myOperatorApplication,
    errors: [],
  }),
  checkOperatorSlug: endpoint({
    method: "GET",
    path: "/v1/operator-applications/slug-availability",
    summary:
      "Whether a storefront address may be asked for, as it is typed: its format, reserved, taken by an operator or a pending application (rate-limited)",
    auth: "user",
    query: checkOperatorSlugQuery,
    output: out.slugAvailability,
    errors: [],
  }),
});

/**
 * The platform admins' console (issue 44), on the marketplace host only: every endpoint answers
 * 404 `not_found` to anyone but a signed-in platform admin, and on a storefront host (with
 * X-Account-Context), as an unknown path would; an admin without a second factor gets 403
 * `second_factor_required`. Every action is written to the platform audit log.
 */
export const platformAdminEndpoints = domain("Platform admin", {
  adminListApplications: endpoint({
    method: "GET",
    path: "/v1/admin/applications",
    summary: "Applications to sell by status (pending by default), oldest first, paged by `cursor`",
    auth: "platformAdmin",
    query: adminApplicationsQuery,
    output: out.adminApplicationsPage,
    errors: [],
  }),
  adminApplication: endpoint({
    method: "GET",
    path: "/v1/admin/applications/:applicationId",
    summary: "One application: what it says, who sent it, who decided, and whether its slug is taken now",
    auth: "platformAdmin",
    params: applicationParams,
    output: out.adminApplication,
    errors: ["application_not_found"],
  }),
  adminApproveApplication: endpoint({
    method: "POST",
    path: "/v1/admin/applications/:applicationId/approve",
    summary:
      "Approve a pending application: the operator, its storefront and the applicant as owner, in one transaction (the slug checked again); the applicant is emailed",
    auth: "platformAdmin",
    params: applicationParams,
    output: out.approvedApplication,
    errors: ["application_not_found", "application_decided", "slug_taken", "slug_reserved"],
    changes: ["catalog"],
  }),
  adminRejectApplication: endpoint({
    method: "POST",
    path: "/v1/admin/applications/:applicationId/reject",
    summary: "Reject a pending application with a reason; the applicant is emailed",
    auth: "platformAdmin",
    params: applicationParams,
    body: adminReasonBody,
    output: out.adminApplication,
    errors: ["application_not_found", "application_decided"],
  }),
  adminListOperators: endpoint({
    method: "GET",
    path: "/v1/admin/operators",
    summary:
      "Every operator by name, `q` finding a part of its name or slug, by status; with its bookings and revenue of the last 30 days; paged by `cursor`",
    auth: "platformAdmin",
    query: adminOperatorsQuery,
    output: out.adminOperatorsPage,
    errors: [],
  }),
  adminSuspendOperator: endpoint({
    method: "POST",
    path: "/v1/admin/operators/:accountId/suspend",
    summary:
      "Suspend an operator with a reason: it takes no new booking and leaves the marketplace; what it sold stays valid",
    ...standingChange,
    body: adminReasonBody,
    errors: ["operator_not_found", "operator_already_suspended"],
  }),
  adminReinstateOperator: endpoint({
    method: "POST",
    path: "/v1/admin/operators/:accountId/reinstate",
    summary: "Reinstate a suspended operator: it sells and shows on the marketplace again",
    ...standingChange,
    errors: ["operator_not_found", "operator_not_suspended"],
  }),
  adminFindBooking: endpoint({
    method: "GET",
    path: "/v1/admin/bookings",
    summary:
      "Support: the bookings of a reference (WF-…), a ticket code or an email address (the newest 20), each as its operator's console shows it, read-only",
    auth: "platformAdmin",
    query: adminFindBookingQuery,
    output: out.adminFoundBookings,
    errors: [],
  }),
  adminAuditLog: endpoint({
    method: "GET",
    path: "/v1/admin/audit-log",
    summary: "Every platform admin action, newest first: who, what, when, before and after; paged by `cursor`",
    auth: "platformAdmin",
    query: adminAuditLogQuery,
    output: out.platformAuditPage,
    errors: [],
  }),
});
