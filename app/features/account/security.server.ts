import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { requireUser } from "~/features/auth/session.server";
import { loadPasswordPolicy, newPasswordRefused } from "~/features/auth/sign-in.server";
import { firebaseResyncCookie } from "~/features/auth/firebase-resync.server";
import { redirect } from "~/platform/redirect.server";
import { sessionCookie } from "~/platform/session-cookie.server";
import { apiFor } from "~/platform/api.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { getZodConstraint, parseWithZod, readFormData, z } from "~/platform/form.server";
import { addPasswordSchema, changePasswordSchema } from "~/features/account/account-forms.server";
import { SECURITY_PAGE } from "./security-path";
import { isTwoStepIntent, twoStepSection, twoStepSecurityAction } from "~/features/account/two-step-security.server";

const PAGE = SECURITY_PAGE;

export async function loadSecurity({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const api = apiFor(request, { token });
  const [info, factors, passwordPolicy, t] = await Promise.all([
    api.call("personalInfo"),
    api.call("secondFactors"),
    loadPasswordPolicy(request),
    i18next.getFixedT(request),
  ]);
  return withFlash(request, {
    twoStep: twoStepSection(request, factors),
    email: info.email,
    signInMethods: info.signInMethods,
    hasPassword: info.signInMethods.includes("password"),
    passwordPolicy,
    constraints: {
      change: getZodConstraint(changePasswordSchema(passwordPolicy)),
      add: getZodConstraint(addPasswordSchema(passwordPolicy)),
    },
    title: t("account.security"),
  });
}

/**
 * Two-step sign-in's forms (two-step-security.server.ts), or change or add a password. The current password is always checked with the identity provider
 * first (with or without JavaScript); the API sets the new one (ending every session) and answers
 * a new session for this browser, and a custom token for its Firebase client.
 */
export async function securityAction({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, token } = await requireUser(request);
  const formData = await readFormData(request);
  if (isTwoStepIntent(formData.get("intent"))) return twoStepSecurityAction(request, token, formData);
  if (formData.get("intent") === "send-reset") return sendReset(request, formData, user.email);
  const policy = await loadPasswordPolicy(request);
  const intent = formData.get("intent") === "add-password" ? "add-password" : "change-password";
  const schema = intent === "add-password" ? addPasswordSchema(policy) : changePasswordSchema(policy);
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  if (submission.status !== "success") return formResult(submission.reply({ hideFields }), { intent });
  const value = submission.value;
  if (value.intent === "change-password") {
    try {
      // The API checks it (attempts are limited per account), whether JavaScript runs or not.
      await apiFor(request).call("passwordSession", { body: { email: user.email, password: value.currentPassword } });
    } catch (error) {
      const wrong = { field: "currentPassword", key: "security.currentWrong" };
      return apiErrorResult(error, submission, { codes: { invalid_credentials: wrong }, hideFields, intent });
    }
  }
  let renewed;
  try {
    renewed = await apiFor(request, { token }).call("setPassword", { body: { password: value.password } });
  } catch (error) {
    return newPasswordRefused(error, submission, { intent });
  }
  // Every session ended with the new password: this browser gets the new one the API answered.
  const headers = new Headers({ "Set-Cookie": sessionCookie(renewed.sessionCookie, renewed.maxAgeSeconds) });
  headers.append("Set-Cookie", await setFlash("security.passwordChanged"));
  const resync = await firebaseResyncCookie(formData, renewed.customToken);
  if (resync) headers.append("Set-Cookie", resync);
  return redirect(PAGE, { headers });
}

/** "Forgot your password?": the reset link goes to the user's own address (limited like /reset-password). */
async function sendReset(request: Request, formData: FormData, email: string) {
  const submission = parseWithZod(formData, { schema: z.object({ intent: z.literal("send-reset") }) });
  try {
    await apiFor(request).call("sendPasswordReset", { body: { email, continueUrl: PAGE } });
  } catch (error) {
    return apiErrorResult(error, submission, { intent: "send-reset" });
  }
  return formResult(submission.reply(), { intent: "send-reset" });
}
