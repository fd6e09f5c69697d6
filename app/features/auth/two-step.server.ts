import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { VerifySecondFactorBody } from "~contract/identity/two-step";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { setFlash } from "~/platform/flash.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint, parseWithZod, readFormData, z } from "~/platform/form.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { loginUrl, safeRedirectPath } from "~/platform/redirects";
import { getSession, lostSessionRedirect } from "~/features/auth/session.server";
import { isStaffPath, missingProfileData, nextStepAfterSignIn } from "~/features/auth/sign-in-next.server";
import { PasskeyStepSchema, RecoveryStepSchema, TotpStepSchema } from "~/features/auth/auth-forms.server";

/** Where the second step leads: the page asked for (a path of this site; the home page by default). */
function targetOf(request: Request): string {
  return safeRedirectPath(new URL(request.url).searchParams.get("redirectUrl"));
}

/**
 * The session that owes its second step, or the way out: signed out → sign-in (coming back here),
 * a lost session → sign-in with 440, a session with nothing to give → the page asked for.
 */
async function requirePendingSession(request: Request) {
  const session = await getSession(request);
  if (!session.user) {
    if (session.lost) throw lostSessionRedirect(request);
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search));
  }
  if (!session.user.secondStepPending) throw redirect(targetOf(request));
  return { user: session.user, token: session.token };
}

/** /two-step: which ways this user has (authenticator app, passkeys; recovery codes always). */
export async function loadTwoStep({ request }: LoaderFunctionArgs) {
  const { user, token } = await requirePendingSession(request);
  const [factors, t] = await Promise.all([
    apiFor(request, { token }).call("secondFactors"),
    i18next.getFixedT(request),
  ]);
  return {
    email: user.email,
    redirectUrl: targetOf(request),
    hasTotp: factors.totp !== null,
    hasPasskeys: factors.passkeys.length > 0,
    constraints: { totp: getZodConstraint(TotpStepSchema), recovery: getZodConstraint(RecoveryStepSchema) },
    title: t("twoStep.title"),
  };
}

const STEP_FORMS = { totp: TotpStepSchema, recovery: RecoveryStepSchema, passkey: PasskeyStepSchema };
type StepIntent = keyof typeof STEP_FORMS;

/** A wrong code told on its field; a lock (429) says when to try again, as the form's message. */
const STEP_REFUSALS: Record<StepIntent, Record<string, { field?: string; key?: string }>> = {
  totp: { invalid_second_factor: { field: "code" } },
  recovery: { invalid_second_factor: { field: "code", key: "twoStep.recoveryWrong" } },
  passkey: { invalid_second_factor: { key: "apiErrors.invalid_passkey" } },
};

/** The answer to the second step, as verifySecondFactor takes it. */
function stepBody(value: z.output<(typeof STEP_FORMS)[StepIntent]>): VerifySecondFactorBody {
  if (value.intent === "passkey") return { method: "passkey", response: value.response };
  return { method: value.intent, code: value.code };
}

/**
 * The second step's forms: a code of the authenticator app, a recovery code, or a passkey's answer
 * (with JavaScript; `passkey-options` first asks the API for its challenge). Given, the user goes
 * on as after any sign-in (nextStepAfterSignIn: password setup, profile, then the page asked for).
 */
export async function twoStepAction({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, token } = await requirePendingSession(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const api = apiFor(request, { token });
  if (intent === "passkey-options") {
    const submission = parseWithZod(formData, { schema: z.object({ intent: z.literal("passkey-options") }) });
    try {
      return data({ intent, options: await api.call("startSecondStepPasskey") });
    } catch (error) {
      return apiErrorResult(error, submission, { intent: "passkey" });
    }
  }
  if (typeof intent !== "string" || !Object.hasOwn(STEP_FORMS, intent)) {
    throw data("Choose a way to confirm it's you.", { status: 400 });
  }
  const step = intent as StepIntent;
  const submission = parseWithZod(formData, { schema: STEP_FORMS[step] });
  if (submission.status !== "success") return formResult(submission.reply(), { intent: step });
  let done;
  try {
    done = await api.call("verifySecondFactor", { body: stepBody(submission.value) });
  } catch (error) {
    return apiErrorResult(error, submission, { codes: STEP_REFUSALS[step], intent: step });
  }
  const target = targetOf(request);
  const missing = user.requiresPasswordSetup || isStaffPath(target) ? [] : await missingProfileData(request, token);
  const next = nextStepAfterSignIn({ ...user, secondStepPending: false }, missing, target);
  if (step !== "recovery") return redirect(next);
  // A recovery code is gone once used: the next page says so (and when few are left).
  const flash = done.recoveryCodesLeft <= 3 ? "twoStep.recoveryUsedFew" : "twoStep.recoveryUsed";
  return redirect(next, { headers: { "Set-Cookie": await setFlash(flash) } });
}
