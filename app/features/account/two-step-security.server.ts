import { data } from "@remix-run/node";
import QRCode from "qrcode";
import type { SecondFactors } from "~contract/identity/two-step";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { getZodConstraint } from "~/platform/form.server";
import {
  answerIntent,
  type Answer,
  type FormFacts,
  type Outcome,
  type Submission,
} from "~/platform/intent-form.server";
import { safeRedirectPath } from "~/platform/redirects";
import { withReauth } from "~/features/auth/reauth.server";
import { PasskeyNameSchema, TotpConfirmSchema, TWO_STEP_FORMS } from "~/features/account/account-forms.server";
import type { CodesAnswer, Enrolment, EnrolmentAnswer } from "~/features/account/two-step-answers";
import { SECURITY_PAGE } from "./security-path";

const PAGE = SECURITY_PAGE;

/**
 * Where the page was asked from (`?redirectUrl=`: the console sends a member whose team requires
 * two-step sign-in here), resolved like every redirect; null when it was not.
 */
export function backToOf(request: Request): string | null {
  const asked = new URL(request.url).searchParams.get("redirectUrl");
  return asked ? safeRedirectPath(asked, PAGE) : null;
}

/** The page again after a change, keeping where it was asked from. */
function pageUrl(request: Request): string {
  const back = backToOf(request);
  return back ? `${PAGE}?${new URLSearchParams({ redirectUrl: back })}` : PAGE;
}

/** The two-step section's data: the user's factors, the teams requiring them, the forms' checks. */
export function twoStepSection(request: Request, factors: SecondFactors) {
  return {
    factors,
    hasSecondFactor: factors.totp !== null || factors.passkeys.length > 0,
    backTo: backToOf(request),
    constraints: {
      totpConfirm: getZodConstraint(TotpConfirmSchema),
      passkeyAdd: getZodConstraint(PasskeyNameSchema),
    },
  };
}

/** The QR code of an otpauth:// address, drawn on the server: an SVG image as a data: URL. */
async function qrImage(otpauthUrl: string): Promise<string> {
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

async function enrolmentOf(secret: string, otpauthUrl: string): Promise<Enrolment> {
  return { secret, otpauthUrl, qr: await qrImage(otpauthUrl) };
}

/**
 * The confirm form's pending secret as posted back (hidden fields), to show again with a refusal;
 * null when they are not a secret and its address.
 */
async function postedEnrolment(formData: FormData): Promise<Enrolment | null> {
  const parsed = TotpConfirmSchema.pick({ secret: true, otpauthUrl: true }).safeParse({
    secret: formData.get("secret") ?? undefined,
    otpauthUrl: formData.get("otpauthUrl") ?? undefined,
  });
  return parsed.success ? enrolmentOf(parsed.data.secret, parsed.data.otpauthUrl) : null;
}

function enrolmentAnswer(submission: Submission, enrolment: Enrolment, init: { status?: number } = {}) {
  const body: EnrolmentAnswer = { intent: "totp-confirm", result: submission.reply(), enrolment };
  return data(body, init);
}

/** Recovery codes, shown once: the answer itself (never a redirect, never stored by the web). */
function codesAnswer(submission: Submission, recoveryCodes: string[], made: CodesAnswer["made"]) {
  const body: CodesAnswer = { intent: "codes", result: submission.reply({ resetForm: true }), recoveryCodes, made };
  return data(body);
}

interface Context extends FormFacts {
  token: string;
  api: ReturnType<typeof apiFor>;
}

type TwoStepIntent = keyof typeof TWO_STEP_FORMS;

/** Is this post one of the two-step section's forms? */
export function isTwoStepIntent(intent: unknown): intent is TwoStepIntent {
  return typeof intent === "string" && Object.hasOwn(TWO_STEP_FORMS, intent);
}

/**
 * The two-step section's forms (answerIntent, with the fresh check the API asks before removing a
 * factor or making new codes: withReauth). Setting up an authenticator app answers its QR code and
 * key (the confirm form, without JavaScript too); confirming it, or a first passkey, answers the
 * recovery codes once; a passkey's options are answered to the browser's ceremony.
 */
export function twoStepSecurityAction(request: Request, token: string, formData: FormData): Promise<Answer> {
  const to = pageUrl(request);
  return answerIntent<typeof TWO_STEP_FORMS, Context>(
    request,
    { token, api: apiFor(request, { token }) },
    withReauth<typeof TWO_STEP_FORMS, Context>({
      forms: TWO_STEP_FORMS,
      read: async () => formData,
      row: (intent) => (intent === "passkey-remove" ? "passkeyId" : null),
      shown: (intent) =>
        intent === "totp-confirm"
          ? { codes: { invalid_second_factor: { field: "code" } } }
          : intent === "passkey-add"
            ? { fields: { name: "validation.passkeyNameRequired" } }
            : {},
      async refused(submission, context) {
        if (context.intent !== "totp-confirm") return null;
        const enrolment = await postedEnrolment(context.formData);
        return enrolment ? { answer: enrolmentAnswer(submission, enrolment, { status: 400 }) } : null;
      },
      async refusal(error, submission, context) {
        if (context.intent !== "totp-confirm") return null;
        const enrolment = await postedEnrolment(context.formData);
        if (!enrolment) return null;
        const refused = apiErrorResult(error, submission, {
          codes: { invalid_second_factor: { field: "code" } },
          intent: "totp-confirm",
        });
        return data({ ...refused.data, enrolment }, refused.init ?? undefined);
      },
      async run(value, { api }, submission): Promise<Outcome> {
        switch (value.intent) {
          case "totp-start": {
            const started = await api.call("startTotpEnrolment");
            return { answer: enrolmentAnswer(submission, await enrolmentOf(started.secret, started.otpauthUrl)) };
          }
          case "totp-confirm": {
            const { recoveryCodes } = await api.call("confirmTotpEnrolment", { body: { code: value.code } });
            if (recoveryCodes) return { answer: codesAnswer(submission, recoveryCodes, "app") };
            return { flash: "security.appAdded", to };
          }
          case "totp-remove":
            await api.call("removeSecondFactor", { params: { factorId: "totp" } });
            return { flash: "security.appRemoved", to };
          case "passkey-options":
            return { answer: data({ intent: "passkey-options", options: await api.call("startPasskeyRegistration") }) };
          case "passkey-add": {
            await api.call("finishPasskeyRegistration", { body: { name: value.name, response: value.response } });
            // A first second factor: its recovery codes now (the passkey just gave this session's step).
            const { recoveryCodesLeft } = await api.call("secondFactors");
            if (recoveryCodesLeft > 0) return { flash: "security.passkeyAdded", to };
            const made = await api.call("regenerateRecoveryCodes");
            return { answer: codesAnswer(submission, made.recoveryCodes ?? [], "passkey") };
          }
          case "passkey-remove":
            await api.call("removeSecondFactor", { params: { factorId: value.passkeyId } });
            return { flash: "security.passkeyRemoved", to };
          case "codes-make": {
            const made = await api.call("regenerateRecoveryCodes");
            return { answer: codesAnswer(submission, made.recoveryCodes ?? [], "codes") };
          }
        }
      },
    }),
  );
}
