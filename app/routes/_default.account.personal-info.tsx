import { AddressFields, type CountryOption } from "~/features/auth/address-fields";
import { countryChoices } from "~/features/auth/countries.server";
import { locationOf } from "~/features/auth/location";
import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { useFormValidation } from "~/ui/use-form-validation";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import type { z } from "zod";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { sessionCookie } from "~/platform/session-cookie.server";
import { FirebaseClientField } from "~/features/auth/firebase-client-field";
import { firebaseResyncCookie } from "~/features/auth/firebase-resync.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { formatPhone } from "~/ui/format";
import { pageMeta } from "~/ui/meta";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { PhoneField, TextField } from "~/ui/text-field";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import {
  isPersonalInfoIntent,
  PERSONAL_INFO_SCHEMAS,
  type PersonalInfoIntent,
} from "~/features/account/account-forms.server";
import { passHeaders } from "~/platform/http.server";
import { useIsPending } from "~/ui/use-is-pending";

const PAGE = "/account/personal-info";

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const [info, t, countries] = await Promise.all([
    apiFor(request, { token }).call("personalInfo"),
    i18next.getFixedT(request),
    countryChoices(request),
  ]);
  // "Use a different number/address" shows the first step again while a code is pending.
  const change = new URL(request.url).searchParams.get("change");
  const constraints = constraintsOf(PERSONAL_INFO_SCHEMAS);
  return withFlash(request, { info, change, countries, constraints, title: t("account.personalInfo") });
}

/** The browser's own checks of each form, from its schema (the page carries no zod). */
function constraintsOf<T extends Record<string, z.ZodTypeAny>>(schemas: T) {
  return Object.fromEntries(Object.entries(schemas).map(([intent, schema]) => [intent, getZodConstraint(schema)])) as {
    [K in keyof T]: ReturnType<typeof getZodConstraint>;
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

const FLASH: Record<PersonalInfoIntent, string> = {
  name: "personalInfo.nameSaved",
  phone: "personalInfo.codeSentPhone",
  "phone-resend": "personalInfo.codeSentPhone",
  "phone-confirm": "personalInfo.phoneChanged",
  email: "personalInfo.codeSentEmail",
  "email-resend": "personalInfo.codeSentEmail",
  "email-confirm": "personalInfo.emailChanged",
  location: "personalInfo.locationSaved",
};

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** The API's refusals told on a field: the code's, or the new address's. */
const ON_FIELDS = {
  invalid_code: { field: "code" },
  code_expired: { field: "code" },
  too_many_attempts: { field: "code" },
  no_pending_change: { field: "code" },
  email_taken: { field: "email" },
};

/** Each form posts here with its intent; the change itself is one call to the settings API. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireToken(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isPersonalInfoIntent(intent)) throw data("Choose one of the page's forms.", { status: 400 });
  const submission = parseWithZod(formData, { schema: PERSONAL_INFO_SCHEMAS[intent] });
  if (submission.status !== "success") return formResult(submission.reply(), { intent });
  const headers = new Headers({ "Set-Cookie": await setFlash(FLASH[intent]) });
  try {
    const answer = await save(apiFor(request, { token }), submission.value);
    // A new email address ends every session; the API answers a new one for this browser.
    if (answer) {
      headers.append("Set-Cookie", sessionCookie(answer.sessionCookie, answer.maxAgeSeconds));
      const resync = await firebaseResyncCookie(formData, answer.customToken);
      if (resync) headers.append("Set-Cookie", resync);
    }
  } catch (error) {
    return apiErrorResult(error, submission, { codes: ON_FIELDS, intent });
  }
  return redirect(PAGE, { headers });
}

type Api = ReturnType<typeof apiFor>;
type Value = z.output<(typeof PERSONAL_INFO_SCHEMAS)[PersonalInfoIntent]>;

function save(api: Api, value: Value) {
  switch (value.intent) {
    case "name":
      return api.call("updateName", { body: { firstName: value.firstName, lastName: value.lastName } });
    case "phone":
    case "phone-resend":
      return api.call("changePhone", { body: { phone: value.phone } });
    case "phone-confirm":
      return api.call("confirmPhone", { body: { code: value.code } });
    case "email":
    case "email-resend":
      return api.call("changeEmail", { body: { email: value.email } });
    case "email-confirm":
      return api.call("confirmEmail", { body: { code: value.code } });
    case "location": {
      return api.call("updateMissingData", { body: { location: locationOf(value) } });
    }
  }
}

/** One form per fact; phone and email in two steps (enter → code), all as native form posts. */
export default function PersonalInfoPage() {
  const { info, flash, change, title, countries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <div className="mt-6 space-y-6">
        <Section id="name" title={t("personalInfo.name")}>
          <NameForm firstName={info.firstName} lastName={info.lastName} />
        </Section>
        <Section
          id="phone"
          title={t("login.phone")}
          current={info.phone ? formatPhone(info.phone) : t("personalInfo.none")}
        >
          <ChangeStep kind="phone" pending={info.pendingPhone} change={change}>
            <PhoneForm />
          </ChangeStep>
        </Section>
        <Section id="email" title={t("login.email")} current={info.email}>
          <ChangeStep kind="email" pending={info.pendingEmail} change={change}>
            <EmailForm />
          </ChangeStep>
        </Section>
        <Section id="location" title={t("personalInfo.location")}>
          <LocationForm location={info.location} countries={countries} />
        </Section>
      </div>
    </>
  );
}

function Section(props: { id: string; title: string; current?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { id, title, current, children } = props;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-ink">
        {title}
      </h2>
      {current !== undefined ? (
        <p className="mt-1 text-sm text-slate-700">
          {t("personalInfo.current")}: <span className="font-medium text-slate-900">{current}</span>
        </p>
      ) : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The conform form for one intent: its own result only, browser validation from the schema. */
function usePersonalInfoForm(intent: PersonalInfoIntent, defaults = {}) {
  const { constraints } = useLoaderData<typeof loader>();
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

function NameForm(defaults: { firstName: string; lastName: string }) {
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

/**
 * A code step that ended without a change (the 5th wrong code cancelled it, or it expired):
 * its message stays on the page, above the first step shown again.
 */
/**
 * A phone or email change: the code step while a new value waits for its code (unless the guest
 * asked to change it again), else how the last one ended and the form for a new value.
 */
function ChangeStep({
  kind,
  pending,
  change,
  children,
}: {
  kind: "phone" | "email";
  pending: string | null;
  change: string | null;
  children: React.ReactNode;
}) {
  if (pending && change !== kind) return <CodeForm intent={`${kind}-confirm`} target={pending} kind={kind} />;
  return (
    <>
      <EndedChange kind={kind} />
      {children}
    </>
  );
}

function EndedChange({ kind }: { kind: "phone" | "email" }) {
  const { t } = useTranslation();
  const error = useFormResult(`${kind}-confirm`)?.error;
  const key = error?.code?.[0] ?? error?.[""]?.[0];
  return key ? <AlertMessage className="mb-3">{t(key)}</AlertMessage> : null;
}

function PhoneForm() {
  const { t } = useTranslation();
  const { form, fields, pending } = usePersonalInfoForm("phone");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="phone" />
      <PhoneField field={fields.phone} label={t("personalInfo.newPhone")} hint={t("login.phoneHint")} />
      <SubmitButton pending={pending} label={t("personalInfo.sendCode")} pendingLabel={t("login.saving")} />
    </Form>
  );
}

function EmailForm() {
  const { t } = useTranslation();
  const { form, fields, pending } = usePersonalInfoForm("email");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="email" />
      <TextField field={fields.email} label={t("personalInfo.newEmail")} type="email" autoComplete="email" />
      <SubmitButton pending={pending} label={t("personalInfo.sendCode")} pendingLabel={t("login.saving")} />
    </Form>
  );
}

/** Step two: the code sent to the new number or address, with "send again" and "use another". */
function CodeForm({
  intent,
  target,
  kind,
}: {
  intent: "phone-confirm" | "email-confirm";
  target: string;
  kind: "phone" | "email";
}) {
  const { t } = useTranslation();
  const { form, fields, pending } = usePersonalInfoForm(intent);
  const shown = kind === "phone" ? formatPhone(target) : target;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t(`personalInfo.codeSentTo_${kind}`, { target: shown })}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value={intent} />
        {intent === "email-confirm" ? <FirebaseClientField /> : null}
        <TextField
          field={fields.code}
          label={t("personalInfo.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
        />
        <SubmitButton pending={pending} label={t("personalInfo.confirm")} pendingLabel={t("login.saving")} />
      </Form>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <Form method="post">
          <input type="hidden" name="intent" value={`${kind}-resend`} />
          <input type="hidden" name={kind} value={target} />
          <button type="submit" className="font-medium text-brand underline">
            {t("personalInfo.resend")}
          </button>
        </Form>
        <Link to={`${PAGE}?change=${kind}`} className="font-medium text-brand underline">
          {t(`personalInfo.useAnother_${kind}`)}
        </Link>
      </div>
    </div>
  );
}

function LocationForm({
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
