import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { AddressFields, type CountryOption } from "~/features/auth/address-fields";
import { useFormValidation } from "~/ui/use-form-validation";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { PhoneField, TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import type { PersonalInfoIntent } from "~/features/account/account-forms.server";
import type { loadPersonalInfo } from "~/features/account/personal-info.server";

/** The conform form for one intent: its own result only, browser validation from the schema. */
export function usePersonalInfoForm(intent: PersonalInfoIntent, defaults = {}) {
  const { constraints } = useLoaderData<typeof loadPersonalInfo>();
  const lastResult = useFormResult(intent);
  const [form, fields] = useForm({
    id: `personal-info-${intent}`,
    lastResult,
    defaultValue: defaults,
    constraint: constraints[intent],
    ...useFormValidation(
      () => import("~/features/account/personal-info-schemas"),
      (schemas) => schemas.PERSONAL_INFO_SCHEMAS[intent],
    ),
  });
  const pending = useIsPending({ intent });
  return { form, fields: fields as unknown as Record<string, FieldMetadata<string | undefined>>, pending };
}

export function NameForm(defaults: { firstName: string; lastName: string }) {
  const { t } = useTranslation();
  const { form, fields, pending } = usePersonalInfoForm("name", defaults);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="name" />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField field={fields.firstName} label={t("login.firstName")} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t("login.lastName")} autoComplete="family-name" />
      </div>
      <SubmitButton pending={pending} label={t("personalInfo.saveName")} pendingLabel={t("login.saving")} />
    </Form>
  );
}

/** Step one of a change: the new number or address, to which a code is sent. */
export function NewContactForm({ kind }: { kind: "phone" | "email" }) {
  const { t } = useTranslation();
  const { form, fields, pending } = usePersonalInfoForm(kind);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value={kind} />
      {kind === "phone" ? (
        <PhoneField field={fields.phone} label={t("personalInfo.newPhone")} hint={t("login.phoneHint")} />
      ) : (
        <TextField field={fields.email} label={t("personalInfo.newEmail")} type="email" autoComplete="email" />
      )}
      <SubmitButton pending={pending} label={t("personalInfo.sendCode")} pendingLabel={t("login.saving")} />
    </Form>
  );
}

export function LocationForm({
  location,
  countries,
}: {
  location: { address: string; city: string; state: string; zipcode: string; country: string } | null;
  countries: readonly CountryOption[];
}) {
  const { t } = useTranslation();
  const { form, fields, pending } = usePersonalInfoForm("location", location ?? {});
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="location" />
      <AddressFields
        fields={{
          address: fields.address,
          city: fields.city,
          state: fields.state,
          zipcode: fields.zipcode,
          country: fields.country,
        }}
        countries={countries}
      />
      <SubmitButton pending={pending} label={t("personalInfo.saveLocation")} pendingLabel={t("login.saving")} />
    </Form>
  );
}
