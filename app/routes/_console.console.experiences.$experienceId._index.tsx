import { getFormProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { isApiError } from "~/platform/api.server";
import type { OperatorExperience } from "~contract/operator-experiences";
import {
  EditExperienceSchema,
  experienceBody,
  PublishSchema,
  EXPERIENCE_FIELD_REFUSALS,
} from "~/features/console/console-forms.server";
import { requireConsoleAbility } from "~/features/console/console.server";
import { ExperienceFormFields, type ExperienceFields } from "~/features/console/experience-form";
import { ExperienceNav } from "~/features/console/experience-nav";
import { experienceFormOptions } from "~/features/console/experience-options.server";
import { StatusBadge } from "~/features/console/status-badge";
import { apiErrorResult, orNotFound } from "~/platform/api-errors.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders, routeNotFound } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { pageMeta } from "~/ui/meta";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [{ api, me }, t] = await Promise.all([
    requireConsoleAbility(request, "manageCatalog"),
    i18next.getFixedT(request),
  ]);
  const experience = await orNotFound(
    request,
    api.call("operatorGetExperience", { params: { experienceId: params.experienceId ?? "" } }),
  );
  return withFlash(request, {
    experience,
    options: experienceFormOptions(me.account.timeZone, experience.languages, experience.timezone),
    constraint: getZodConstraint(EditExperienceSchema),
    title: t("operatorExperiences.editTitle", { title: experience.title }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export const headers = passHeaders;

/** Two forms: the fields (`save`) and the status (`publish`); each one call of the API. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api } = await requireConsoleAbility(request, "manageCatalog");
  const experienceId = params.experienceId ?? "";
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const page = `/console/experiences/${experienceId}`;
  if (intent === "publish") {
    const submission = parseWithZod(formData, { schema: PublishSchema });
    if (submission.status !== "success") return formResult(submission.reply(), { intent: "publish" });
    const published = submission.value.published === "true";
    try {
      await api.call("operatorUpdateExperience", { params: { experienceId }, body: { published } });
    } catch (error) {
      if (isApiError(error, "not_found")) throw await routeNotFound(request);
      return apiErrorResult(error, submission, {
        codes: { not_publishable: { key: "operatorExperiences.notPublishable" } },
        intent: "publish",
      });
    }
    const flash = published ? "operatorExperiences.published" : "operatorExperiences.unpublished";
    return redirect(page, { headers: { "Set-Cookie": await setFlash(flash) } });
  }
  if (intent !== "save") throw data("Choose one of the page's forms.", { status: 400 });
  const submission = parseWithZod(formData, { schema: EditExperienceSchema });
  if (submission.status !== "success") return formResult(submission.reply(), { intent: "save" });
  const { intent: _intent, ...value } = submission.value;
  try {
    await api.call("operatorUpdateExperience", { params: { experienceId }, body: experienceBody(value) });
  } catch (error) {
    if (isApiError(error, "not_found")) throw await routeNotFound(request);
    return apiErrorResult(error, submission, { intent: "save", fields: EXPERIENCE_FIELD_REFUSALS });
  }
  return redirect(page, { headers: { "Set-Cookie": await setFlash("operatorExperiences.saved") } });
}

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

export default function ExperiencePage() {
  const { experience, options, constraint, flash } = useLoaderData<typeof loader>();
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
      <p className="text-sm">
        <Link to="/console/experiences" className="text-brand underline">
          {t("operatorExperiences.backToList")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{experience.title}</h1>
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
