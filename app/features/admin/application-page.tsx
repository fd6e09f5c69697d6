import { useForm } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import type { AdminApplication } from "~contract/platform/outputs";
import { useTranslation } from "~/platform/i18n-react";
import { BackLink } from "~/ui/back-link";
import { Button } from "~/ui/button";
import { formatDateTime, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { IntentForm } from "~/ui/intent-form";
import { CardSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { TextAreaField } from "~/ui/text-area-field";
import { useFormErrors, useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { APPLICATIONS_PATH } from "./admin-paths";
import type { loadApplication } from "./applications.server";

type Person = AdminApplication["applicant"];
const personName = (person: Person) => [person.name, person.email].filter(Boolean).join(" · ") || person.userId;

/** Every field of the application, as sent, and who sent and decided it. */
function ApplicationFacts({ application }: { application: AdminApplication }) {
  const { t, i18n } = useTranslation();
  const k = (key: string) => t(`admin.applications.${key}`);
  const when = (at: string) => formatDateTime(at, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language });
  const facts: Array<[string, string | null]> = [
    [k("status"), t(`admin.applications.status_${application.status}`)],
    [k("business"), application.businessName],
    [k("address"), application.slug],
    [k("country"), application.country],
    [k("currency"), application.currency],
    [k("timezone"), application.timezone],
    [k("contactEmail"), application.contactEmail],
    [k("contactPhone"), application.contactPhone],
    [k("website"), application.website],
    [k("applicant"), personName(application.applicant)],
    [k("sent"), when(application.createdAt)],
    [k("decidedBy"), application.decidedBy ? personName(application.decidedBy) : null],
    [k("decidedAt"), application.decidedAt ? when(application.decidedAt) : null],
    [k("rejectionReason"), application.rejectionReason],
  ];
  return (
    <CardSection headingId="facts-heading" heading={k("facts")} className="mt-6 max-w-3xl">
      <dl
        className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]"
        data-testid="application-facts"
      >
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd className="mb-2 whitespace-pre-line break-words sm:mb-0">{value}</dd>
            </div>
          ))}
      </dl>
      <h3 className="mt-4 text-sm font-medium">{k("description")}</h3>
      <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{application.description}</p>
    </CardSection>
  );
}

/** Approve: one button (the operator, its storefront and its owner are made by the API at once). */
function ApproveForm({ application }: { application: AdminApplication }) {
  const { t } = useTranslation();
  const errors = useFormErrors("approve");
  const pending = useIsPending();
  return (
    <CardSection
      headingId="approve-heading"
      heading={t("admin.applications.approveHeading")}
      className="mt-6 max-w-3xl"
    >
      {application.slugTaken ? (
        <p className="mt-1 text-sm text-red-800">{t("admin.applications.slugTaken")}</p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{t("admin.applications.approveHint", { slug: application.slug })}</p>
      )}
      <IntentForm intent="approve" errors={errors} className="mt-3 space-y-2">
        <Button variant="primary" disabled={pending}>
          {t("admin.applications.approve")}
        </Button>
      </IntentForm>
    </CardSection>
  );
}

/** Reject: the reason is required (the applicant reads it in their email and on /account). */
function RejectForm() {
  const { rejectConstraint } = useLoaderData<typeof loadApplication>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "reject",
    lastResult: useFormResult("reject"),
    constraint: rejectConstraint,
    ...useFormValidation(
      () => import("~/features/admin/admin-schemas"),
      (schemas) => schemas.RejectSchema,
    ),
  });
  const pending = useIsPending();
  return (
    <CardSection headingId="reject-heading" heading={t("admin.applications.rejectHeading")} className="mt-6 max-w-3xl">
      <IntentForm intent="reject" meta={form} className="mt-2 space-y-3">
        <TextAreaField
          field={fields.reason}
          label={t("admin.applications.reason")}
          hint={t("admin.applications.reasonHint")}
        />
        <Button variant="danger" disabled={pending}>
          {t("admin.applications.reject")}
        </Button>
      </IntentForm>
    </CardSection>
  );
}

/** /admin/applications/:id: the application in full; pending, its decision; approved, the way to its storefront. */
export function ApplicationPage() {
  const { application, storefrontUrl, flash, title } = useLoaderData<typeof loadApplication>();
  const { t } = useTranslation();
  return (
    <>
      <BackLink to={`${APPLICATIONS_PATH}?status=${application.status}`}>{t("admin.applications.back")}</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      {storefrontUrl ? (
        <p className="mt-4 text-sm">
          <a href={storefrontUrl} className="font-medium text-brand-ink underline" data-testid="storefront-link">
            {t("admin.applications.openStorefront", { address: storefrontUrl.replace(/^https?:\/\//, "") })}
          </a>
        </p>
      ) : null}
      <ApplicationFacts application={application} />
      {application.status === "pending" ? (
        <>
          <ApproveForm application={application} />
          <RejectForm />
        </>
      ) : null}
    </>
  );
}
