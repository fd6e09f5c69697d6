import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { countryChoices } from "~/features/auth/countries.server";
import { locationOf } from "~/features/auth/location";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { withFlash } from "~/platform/flash.server";
import { sessionCookie } from "~/platform/session-cookie.server";
import { firebaseResyncCookie } from "~/features/auth/firebase-resync.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { getZodConstraint } from "~/platform/form.server";
import { answerIntent } from "~/platform/intent-form.server";
import { PERSONAL_INFO_SCHEMAS, type PersonalInfoIntent } from "~/features/account/account-forms.server";

export async function loadPersonalInfo({ request }: LoaderFunctionArgs) {
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

/** The API's refusals told on a field: the code's, or the new address's. */
const ON_FIELDS = {
  invalid_code: { field: "code" },
  code_expired: { field: "code" },
  too_many_attempts: { field: "code" },
  no_pending_change: { field: "code" },
  email_taken: { field: "email" },
};

/** Each form posts here with its intent; the change itself is one call to the settings API. */
export async function personalInfoAction({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const api = apiFor(request, { token: await requireToken(request) });
  return answerIntent(
    request,
    { api },
    {
      forms: PERSONAL_INFO_SCHEMAS,
      shown: { codes: ON_FIELDS },
      async run(value, { formData }) {
        const answer = await save(api, value);
        const flash = FLASH[value.intent];
        if (!answer) return { flash };
        // A new email address ends every session; the API answers a new one for this browser.
        const cookies = [sessionCookie(answer.sessionCookie, answer.maxAgeSeconds)];
        const resync = await firebaseResyncCookie(formData, answer.customToken);
        return { flash, cookies: resync ? [...cookies, resync] : cookies };
      },
    },
  );
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
