import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import { APPLICATION_STATUSES, applicationParams, type ApplicationStatus } from "~contract/platform/applications";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireParams, routeNotFound } from "~/platform/http.server";
import { storefrontOrigin } from "~/platform/storefront-address.server";
import { adminAction, listQueryOf, requireAdminPage } from "./admin.server";
import { APPLICATION_SCHEMAS, RejectSchema } from "./admin-forms.server";

/** /admin/applications?status=…: the applications of one status (pending unless asked), oldest first, a page at a time. */
export async function loadApplications({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireAdminPage(request);
  const { filters, cursor } = listQueryOf(request, ["status"]);
  const status: ApplicationStatus = (APPLICATION_STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as ApplicationStatus)
    : "pending";
  // A cursor the API cannot read is the 404 page.
  const list = await orNotFound(request, api.call("adminListApplications", { query: { status, cursor } }));
  return { list, status, paged: Boolean(cursor), title: t("admin.applications.title") };
}

/** /admin/applications/:applicationId: all it says, who sent it and who decided; the decision's forms. */
export async function loadApplication({ request, params }: LoaderFunctionArgs) {
  const [{ api, t }, { applicationId }] = await Promise.all([
    requireAdminPage(request),
    requireParams(request, params, applicationParams.shape),
  ]);
  const application = await orNotFound(request, api.call("adminApplication", { params: { applicationId } }));
  return withFlash(request, {
    application,
    storefrontUrl: application.status === "approved" ? storefrontOrigin(request, application.slug) : null,
    rejectConstraint: getZodConstraint(RejectSchema),
    title: t("admin.applications.one", { name: application.businessName }),
  });
}

/** Approve (one button) or reject with a reason: one call of the API each, then the page with a flash. */
export const applicationAction = (args: ActionFunctionArgs) =>
  adminAction(args, {
    params: applicationParams.shape,
    forms: APPLICATION_SCHEMAS,
    async refusal(error, _submission, { request }) {
      if (isApiError(error, "application_not_found")) throw await routeNotFound(request);
      return null;
    },
    async run(value, { api, params: { applicationId } }) {
      if (value.intent === "approve") {
        await api.call("adminApproveApplication", { params: { applicationId } });
        return { flash: "admin.applications.approved" };
      }
      await api.call("adminRejectApplication", { params: { applicationId }, body: { reason: value.reason } });
      return { flash: "admin.applications.rejected" };
    },
  });
