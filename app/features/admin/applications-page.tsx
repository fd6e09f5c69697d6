import { Link, useLoaderData } from "@remix-run/react";
import { APPLICATION_STATUSES } from "~contract/platform/statuses";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { formatDate, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { CursorPager, listHref } from "~/ui/filter-fields";
import { APPLICATIONS_PATH } from "./admin-paths";
import type { loadApplications } from "./applications.server";
import { ViewLinks } from "./list-links";

/** /admin/applications: one status's applications (pending, approved, rejected), each opened by its name. */
export function ApplicationsPage() {
  const { list, status, paged, title } = useLoaderData<typeof loadApplications>();
  const { t, i18n } = useTranslation();
  const k = (key: string) => t(`admin.applications.${key}`);
  const statusName = t(`admin.applications.status_${status}`);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <ViewLinks
        label={k("byStatus")}
        current={status}
        views={APPLICATION_STATUSES.map((value) => ({
          value,
          label: t(`admin.applications.status_${value}`),
          href: listHref(APPLICATIONS_PATH, { status: value }),
        }))}
      />
      <DataTable
        rows={list.items}
        empty={t("admin.applications.empty", { status: statusName.toLowerCase() })}
        className="mt-4"
        caption={t("admin.applications.caption", { status: statusName })}
        columns={[k("business"), k("address"), k("applicant"), k("sent")]}
        alignFrom={4}
        data-testid="applications"
        row={(application) => (
          <tr key={application.id} data-testid="application-row" data-slug={application.slug} className="align-top">
            <td className="py-2 pr-4">
              <Link to={`${APPLICATIONS_PATH}/${application.id}`} className="font-medium text-brand-ink underline">
                {application.businessName}
              </Link>
            </td>
            <td className="py-2 pr-4">
              {application.slug}
              {application.status === "pending" && application.slugTaken ? (
                <span className="ml-2 text-xs font-semibold text-red-800">{k("slugTakenShort")}</span>
              ) : null}
            </td>
            <td className="py-2 pr-4">{application.applicant.email ?? application.applicant.userId}</td>
            <td className="whitespace-nowrap py-2 pr-4">
              {formatDate(application.createdAt, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language })}
            </td>
          </tr>
        )}
      />
      <CursorPager
        label={k("pages")}
        first={paged ? listHref(APPLICATIONS_PATH, { status }) : null}
        next={list.nextCursor ? listHref(APPLICATIONS_PATH, { status }, list.nextCursor) : null}
      />
    </>
  );
}
