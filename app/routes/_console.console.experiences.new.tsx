import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import {
  CreateExperienceSchema,
  experienceBody,
  EXPERIENCE_FIELD_REFUSALS,
} from "~/features/console/console-forms.server";
import { requireConsoleAbility } from "~/features/console/console.server";
import { ExperienceFormFields, type ExperienceFields } from "~/features/console/experience-form";
import { experienceFormOptions } from "~/features/console/experience-options.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { setFlash } from "~/platform/flash.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { pageMeta } from "~/ui/meta";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ me }, t] = await Promise.all([requireConsoleAbility(request, "manageCatalog"), i18next.getFixedT(request)]);
  return {
    options: experienceFormOptions(me.account.timeZone),
    constraint: getZodConstraint(CreateExperienceSchema),
    title: t("operatorExperiences.newTitle"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export const headers = passHeaders;

/** Creates the draft (and its first service) and goes to its page. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api } = await requireConsoleAbility(request, "manageCatalog");
  const submission = parseWithZod(await readFormData(request), { schema: CreateExperienceSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  try {
    const created = await api.call("operatorCreateExperience", { body: experienceBody(submission.value) });
    return redirect(`/console/experiences/${created.id}`, {
      headers: { "Set-Cookie": await setFlash("operatorExperiences.created") },
    });
  } catch (error) {
    return apiErrorResult(error, submission, { fields: EXPERIENCE_FIELD_REFUSALS });
  }
}

export default function NewExperiencePage() {
  const { options, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "new-experience",
    lastResult: useFormResult(),
    constraint,
    defaultValue: { durationMinutes: "120", capacity: "10", languages: ["en"] },
    ...useFormValidation(
      () => import("~/features/console/experience-schemas"),
      (schemas) => schemas.CreateExperienceSchema,
    ),
  });
  const pending = useIsPending();
  return (
    <>
      <p className="text-sm">
        <Link to="/console/experiences" className="text-brand underline">
          {t("operatorExperiences.backToList")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{t("operatorExperiences.newTitle")}</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">{t("operatorExperiences.newIntro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-4">
        <FormError errors={form.errors} id={form.errorId} />
        <ExperienceFormFields fields={fields as unknown as ExperienceFields} options={options} />
        <div className="max-w-xs">
          <SubmitButton pending={pending} label={t("operatorExperiences.create")} pendingLabel={t("login.saving")} />
        </div>
      </Form>
    </>
  );
}
