import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import type { OperatorExperience } from "~contract/operator/experiences";
import type { loadExperiencePage } from "~/features/console/experience.server";
import { ExperienceFormFields, type ExperienceFields } from "~/features/console/experience-form";
import { ExperienceNav } from "~/features/console/experience-nav";
import { StatusBadge } from "~/features/console/status-badge";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { ExperienceHeading } from "./experience-heading";

const defaultsOf = (experience: OperatorExperience) => ({
  title: experience.title,
  summary: experience.summary,
  description: experience.description,
  city: experience.city,
  country: experience.country ?? "",
  category: experience.category,
  durationMinutes: String(experience.durationMinutes),
  meetingPoint: experience.meetingPoint,
  latitude: experience.meetingPointLocation ? String(experience.meetingPointLocation.lat) : "",
  longitude: experience.meetingPointLocation ? String(experience.meetingPointLocation.lng) : "",
  languages: experience.languages,
  included: experience.included.join("\n"),
  cancellationPolicy: experience.cancellationPolicy,
  timezone: experience.timezone,
});

export function ExperiencePage() {
  const { experience, options, constraint, flash } = useLoaderData<typeof loadExperiencePage>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `experience-${experience.id}`,
    lastResult: useFormResult("save"),
    constraint,
    defaultValue: defaultsOf(experience),
    ...useFormValidation(
      () => import("~/features/console/experience-schemas"),
      (schemas) => schemas.EditExperienceSchema,
    ),
  });
  const pending = useIsPending({ intent: "save" });
  return (
    <>
      <ExperienceHeading title={experience.title} />
      <ExperienceNav experienceId={experience.id} title={experience.title} />
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <PublishPanel experience={experience} />
      <section aria-labelledby="edit-heading" className="mt-8">
        <h2 id="edit-heading" className="text-lg font-semibold text-brand-ink">
          {t("operatorExperiences.editHeading")}
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-4 max-w-2xl space-y-4">
          <FormError errors={form.errors} id={form.errorId} />
          <input type="hidden" name="intent" value="save" />
          <ExperienceFormFields
            fields={fields as unknown as ExperienceFields}
            options={options}
            pricesPath={`/console/experiences/${experience.id}/prices`}
          />
          <div className="max-w-xs">
            <SubmitButton pending={pending} label={t("operatorExperiences.save")} pendingLabel={t("login.saving")} />
          </div>
        </Form>
      </section>
    </>
  );
}

/** The status in words, what publishing still needs, and the one button that changes it. */
function PublishPanel({ experience }: { experience: OperatorExperience }) {
  const { t } = useTranslation();
  const refused = useFormResult("publish")?.error?.[""];
  const pending = useIsPending({ intent: "publish" });
  const published = experience.status === "published";
  return (
    <section aria-labelledby="status-heading" className="mt-6 max-w-2xl rounded-xl border border-slate-200 p-4">
      <h2 id="status-heading" className="text-lg font-semibold text-brand-ink">
        {t("operatorExperiences.statusHeading")}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid="status-line">
        <StatusBadge status={experience.status} />
        {t(published ? "operatorExperiences.publishedText" : "operatorExperiences.draftText")}
      </p>
      {!published && experience.missingToPublish.length > 0 ? (
        <p className="mt-2 text-sm text-slate-800">{t("operatorExperiences.missing_ticket_type")}</p>
      ) : null}
      {refused?.length ? <AlertMessage>{refused.map((key) => t(key)).join(" ")}</AlertMessage> : null}
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <Form method="post">
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="published" value={published ? "false" : "true"} />
          <button
            type="submit"
            disabled={pending}
            className={
              published
                ? "rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-900"
                : "rounded-md bg-brand px-4 py-2 font-semibold text-white hover:brightness-90"
            }
          >
            {t(published ? "operatorExperiences.unpublish" : "operatorExperiences.publish")}
          </button>
        </Form>
        {experience.storefrontPath ? (
          <a href={experience.storefrontPath} className="text-brand underline">
            {t("operatorExperiences.viewOnStorefront")}
          </a>
        ) : null}
      </div>
    </section>
  );
}
