import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { AddressFields } from "~/features/auth/address-fields";
import { useLoginLayoutData } from "~/features/auth/use-login-layout-data";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { useIsPending } from "~/ui/use-is-pending";
import { requireSameOrigin } from "~/platform/origin.server";
import { stepOf, stepUrl } from "~/features/auth/account-param";
import { requireUser } from "~/features/auth/session.server";
import { missingProfileData } from "~/features/auth/sign-in-next.server";
import { pageMeta } from "~/ui/meta";
import { bookingFunnel } from "~/features/booking/funnel.server";
import { FunnelHeader } from "~/features/booking/funnel-steps";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { isProfileField, missingDataBody, missingDataSchema } from "~/features/auth/auth-forms.server";
import { useFormValidation } from "~/ui/use-form-validation";

function nextAfterProfile(missing: string[], redirectUrl: string, account: string | null) {
  return missing.includes("waiver") ? stepUrl("/waiver", redirectUrl, account) : redirectUrl;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const { redirectUrl, account } = stepOf(request);
  const [missing, t, funnel] = await Promise.all([
    missingProfileData(request, token, account),
    i18next.getFixedT(request),
    bookingFunnel(request, redirectUrl, token),
  ]);
  const fields = missing.filter(isProfileField);
  if (fields.length === 0) throw redirect(nextAfterProfile(missing, redirectUrl, account));
  return {
    fields,
    funnel,
    constraint: getZodConstraint(missingDataSchema(fields)),
    waiverNext: missing.includes("waiver"),
    title: t("profile.title"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { token } = await requireUser(request);
  const { redirectUrl, account } = stepOf(request);
  const missing = await missingProfileData(request, token, account);
  const submission = parseWithZod(await readFormData(request), { schema: missingDataSchema(missing) });
  if (submission.status !== "success") return formResult(submission.reply());
  try {
    await apiFor(request, { token }).call("updateMissingData", {
      body: missingDataBody(submission.value as Record<string, string | undefined>),
    });
  } catch (error) {
    return apiErrorResult(error, submission);
  }
  throw redirect(nextAfterProfile(await missingProfileData(request, token, account), redirectUrl, account));
}

export default function CompleteProfilePage() {
  const { fields: missing, constraint, waiverNext, title, funnel } = useLoaderData<typeof loader>();
  const lastResult = useFormResult();
  const saving = useIsPending();
  const { t } = useTranslation();
  const { countries } = useLoginLayoutData();
  const [form, fields] = useForm({
    id: "complete-profile",
    lastResult,
    constraint,
    ...useFormValidation(
      () => import("~/features/auth/profile-schema"),
      (schemas) => schemas.missingDataSchema(missing),
    ),
  });
  const f = fields as unknown as Record<string, FieldMetadata<string | undefined>>;
  return (
    <>
      <FunnelHeader funnel={funnel} current="details" />
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("profile.hint")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <FormError errors={form.errors} id={form.errorId} />
        {missing.includes("firstName") ? (
          <TextField field={f.firstName} label={t("login.firstName")} autoComplete="given-name" />
        ) : null}
        {missing.includes("lastName") ? (
          <TextField field={f.lastName} label={t("login.lastName")} autoComplete="family-name" />
        ) : null}
        {missing.includes("location") ? (
          <AddressFields
            fields={{ address: f.address, city: f.city, state: f.state, zipcode: f.zipcode, country: f.country }}
            countries={countries}
          />
        ) : null}
        {waiverNext ? <p className="text-sm text-slate-600">{t("profile.waiverNext")}</p> : null}
        <SubmitButton pending={saving} label={t("profile.save")} pendingLabel={t("login.saving")} />
      </Form>
    </>
  );
}
