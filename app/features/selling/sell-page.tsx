import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { SelectField } from "~/ui/select-field";
import { StatusMessage } from "~/ui/status-message";
import { TextAreaField } from "~/ui/text-area-field";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { ApplicationStatusCard } from "./application-status";
import type { loadSellPage } from "./sell.server";
import { SlugField } from "./slug-field";

/** The application's form: the business, its storefront address, where and how it sells, whom to reach. */
function ApplyForm() {
  const { options, constraint, contactEmail, storefrontDomain } = useLoaderData<typeof loadSellPage>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "apply",
    lastResult: useFormResult(),
    constraint,
    defaultValue: { contactEmail },
    shouldRevalidate: "onBlur",
    ...useFormValidation(
      () => import("~/features/selling/sell-schemas"),
      (schemas) => schemas.ApplySchema,
    ),
  });
  const pending = useIsPending();
  const k = (key: string) => t(`sell.${key}`);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-4" aria-labelledby="apply-heading">
      <h2 id="apply-heading" className="text-lg font-semibold text-brand-ink">
        {k("formHeading")}
      </h2>
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.businessName} label={k("businessName")} autoComplete="organization" />
      <SlugField field={fields.slug} domain={storefrontDomain} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          field={fields.country}
          label={k("country")}
          options={options.countries}
          placeholder={k("choose")}
        />
        <SelectField
          field={fields.currency}
          label={k("currency")}
          options={options.currencies}
          placeholder={k("choose")}
        />
        <SelectField field={fields.timezone} label={k("timezone")} options={options.zones} placeholder={k("choose")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.contactEmail} label={k("contactEmail")} type="email" autoComplete="email" />
        <TextField field={fields.contactPhone} label={k("contactPhone")} type="tel" autoComplete="tel" />
      </div>
      <TextAreaField field={fields.description} label={k("description")} hint={k("descriptionHint")} rows={6} />
      <TextField
        field={fields.website as FieldMetadata<string | undefined>}
        label={k("website")}
        hint={k("websiteHint")}
        autoComplete="url"
      />
      <div className="max-w-xs">
        <SubmitButton pending={pending} label={k("submit")} pendingLabel={k("submitting")} />
      </div>
    </Form>
  );
}

/** /sell: "Sell your experiences": the latest application's status; the form unless one is open. */
export function SellPage() {
  const { application, flash, title } = useLoaderData<typeof loadSellPage>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink">{title}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t("sell.intro")}</p>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      {application ? <ApplicationStatusCard application={application} /> : null}
      {application?.status === "pending" ? null : <ApplyForm />}
    </>
  );
}
