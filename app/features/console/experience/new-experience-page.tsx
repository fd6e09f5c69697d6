import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import type { loadNewExperiencePage } from "~/features/console/experience.server";
import { ExperienceFormFields, type ExperienceFields } from "~/features/console/experience-form";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { ExperienceHeading } from "./experience-heading";

export function NewExperiencePage() {
  const { options, constraint } = useLoaderData<typeof loadNewExperiencePage>();
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
      <ExperienceHeading title={t("operatorExperiences.newTitle")} />
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
