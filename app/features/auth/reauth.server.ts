import { data } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import { recoveryCode, type VerifySecondFactorBody } from "~contract/identity/two-step";
import { apiFor } from "~/platform/api.server";
import { apiErrorKey, type Replyable } from "~/platform/api-errors.server";
import { errorInit } from "~/platform/http.server";
import type { Answer, FormFacts, FormSchema, IntentForms, Outcome } from "~/platform/intent-form.server";
import { sessionCookie } from "~/platform/session-cookie.server";
import { getSessionUser } from "./session.server";
import { passkeyResponseField } from "./auth-forms.server";
import {
  REAUTH_CODE,
  REAUTH_FIELDS,
  REAUTH_PASSKEY,
  REAUTH_PASSKEY_OPTIONS,
  REAUTH_PASSWORD,
  type ReauthAnswer,
  type ReauthMethod,
} from "./reauth";

/**
 * THE fresh check before money and power (issue 43), for every action: the API refuses such a
 * call with 403 `reauthentication_required` (details.method: "second_step" or "sign_in") unless
 * this session gave its second step (or, without a second factor, signed in) within the last ten
 * minutes. The action then answers its form again with the prompt (ReauthPrompt): the original
 * values kept in hidden inputs, and a code (`reauthCode`) or the password (`reauthPassword`); with
 * JavaScript, a user with a passkey may use it (`reauthPasskeyOptions` asks its options, then
 * `reauthPasskey` carries its answer). On the re-post the check is given first (verifySecondFactor;
 * or a new password session, whose cookie this browser then gets), then the original call is made,
 * now with a fresh check.
 *
 * Two ways in: `withReauth(page)` around the forms of answerIntent (a console page's intentAction,
 * /account/security), or `reauthCall` around the one call of any other action.
 */

type Api = ReturnType<typeof apiFor>;

/** A post that carries the check: the code, the passkey's answer or the password it gave (null: none). */
function answerIn(formData: FormData): { code: string } | { passkey: string } | { password: string } | null {
  const passkey = formData.get(REAUTH_PASSKEY);
  if (typeof passkey === "string" && passkey) return { passkey };
  const code = formData.get(REAUTH_CODE);
  if (typeof code === "string" && code.trim()) return { code: code.trim() };
  const password = formData.get(REAUTH_PASSWORD);
  if (typeof password === "string" && password) return { password };
  return null;
}

/** A typed code as the second step's body: six digits (the authenticator app), else a recovery code. */
function secondStepBody(code: string): VerifySecondFactorBody | null {
  const compact = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(compact)) return { method: "totp", code: compact };
  return recoveryCode.safeParse(code).success ? { method: "recovery", code } : null;
}

/** A passkey's answer as the second step's body; null when it cannot be read. */
function passkeyBody(json: string): VerifySecondFactorBody | null {
  const parsed = passkeyResponseField.safeParse(json);
  return parsed.success ? { method: "passkey", response: parsed.data } : null;
}

/** The password prompt's refusals in its own words; the others as apiErrorKey says them. */
const PASSWORD_REFUSALS: Record<string, string> = {
  invalid_credentials: "reauth.passwordWrong",
  validation_error: "reauth.passwordWrong",
};

/** What the re-post's check gave: the token to go on with, and the cookies the answer sets. */
export interface Reauthed {
  token: string;
  cookies: string[];
}

/** The check refused (a wrong code, locked, a wrong password): the prompt again, with why. */
export class ReauthRefused {
  constructor(
    readonly method: ReauthMethod,
    readonly error: string,
    readonly init: { status: number; headers?: Record<string, string> },
  ) {}
}

/**
 * The check a re-post carries, given before the original call: a code → verifySecondFactor (this
 * session's step is recorded); a password → a new password session for the user's address (its
 * token is the one to go on with, its cookie replaces this browser's). Nothing to give: the same
 * token. A refused check comes back as ReauthRefused; anything else the API says is thrown on.
 */
export async function giveReauth(
  request: Request,
  formData: FormData,
  token: string,
): Promise<Reauthed | ReauthRefused> {
  const given = answerIn(formData);
  if (!given) return { token, cookies: [] };
  if ("code" in given || "passkey" in given) {
    const body = "code" in given ? secondStepBody(given.code) : passkeyBody(given.passkey);
    if (!body) {
      const key = "code" in given ? "reauth.codeInvalid" : "validation.passkeyInvalid";
      return new ReauthRefused("second_step", key, { status: 400 });
    }
    try {
      await apiFor(request, { token }).call("verifySecondFactor", { body });
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) throw error;
      const key = isApiError(error, "validation_error") ? "reauth.codeInvalid" : apiErrorKey(error);
      return new ReauthRefused("second_step", key, errorInit(error));
    }
    return { token, cookies: [] };
  }
  const user = await getSessionUser(request);
  if (!user) return new ReauthRefused("sign_in", "reauth.passwordWrong", { status: 401 });
  try {
    const opened = await apiFor(request).call("passwordSession", {
      body: { email: user.email, password: given.password },
    });
    return { token: opened.sessionCookie, cookies: [sessionCookie(opened.sessionCookie, opened.maxAgeSeconds)] };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    return new ReauthRefused("sign_in", PASSWORD_REFUSALS[error.code] ?? apiErrorKey(error), errorInit(error));
  }
}

/** The API asking for the fresh check: how the user gives it; else null. */
export function reauthMethodOf(error: unknown): ReauthMethod | null {
  if (!isApiError(error, "reauthentication_required")) return null;
  return error.details?.method === "sign_in" ? "sign_in" : "second_step";
}

/** The form as posted, to post again: every text value but the check's own fields and any password. */
function keptValues(formData: FormData, hideFields: string[]): Array<[string, string]> {
  const values: Array<[string, string]> = [];
  for (const [name, value] of formData) {
    if (typeof value !== "string" || REAUTH_FIELDS.includes(name)) continue;
    if (hideFields.includes(name) || /password/i.test(name)) continue;
    values.push([name, value]);
  }
  return values;
}

export interface PromptOptions {
  /** The form's intent (its result's), on a page with several forms. */
  intent?: string;
  /** Fields never sent back (beyond passwords, which never are). */
  hideFields?: string[];
}

/** The post asking for a passkey's options (the prompt's "Use a passkey", with JavaScript). */
function asksPasskeyOptions(formData: FormData): boolean {
  return formData.has(REAUTH_PASSKEY_OPTIONS);
}

/** The WebAuthn options of the second step, for the prompt's passkey (the fetcher's answer). */
async function passkeyOptions(request: Request, token: string) {
  return data({ options: await apiFor(request, { token }).call("startSecondStepPasskey") });
}

/** Whether the user has a passkey to offer beside the code (a second step only). */
async function hasPasskey(request: Request, token: string, method: ReauthMethod): Promise<boolean> {
  if (method !== "second_step") return false;
  const factors = await apiFor(request, { token }).call("secondFactors");
  return factors.passkeys.length > 0;
}

/** The post being answered: its request, the token it was made with, its form. */
interface Post {
  request: Request;
  token: string;
  formData: FormData;
}

/**
 * The answer that asks for the check: the form's result (its values kept, its message saying a
 * check is needed) and the prompt, with the posted values, why the last answer was refused and
 * whether a passkey is offered (the user's factors, asked with the post's token).
 */
export async function reauthPrompt(
  { request, token, formData }: Post,
  submission: Replyable,
  prompt: { method: ReauthMethod; error?: string | null; status?: number; headers?: Record<string, string> },
  { intent, hideFields = [] }: PromptOptions = {},
) {
  const hidden = [...hideFields, ...Object.keys(submission.payload).filter((name) => /password/i.test(name))];
  const body: ReauthAnswer = {
    result: submission.reply({ formErrors: ["reauth.needed"], hideFields: hidden }),
    ...(intent ? { intent } : {}),
    reauth: {
      method: prompt.method,
      values: keptValues(formData, hideFields),
      error: prompt.error ?? null,
      passkey: await hasPasskey(request, token, prompt.method),
    },
  };
  return data(body, { status: prompt.status ?? 403, headers: prompt.headers });
}

/** A refused check, answered as the prompt again. */
function refusedPrompt(refused: ReauthRefused, post: Post, submission: Replyable, options: PromptOptions) {
  return reauthPrompt(post, submission, { method: refused.method, error: refused.error, ...refused.init }, options);
}

/**
 * An action's one call that may need the fresh check: the check the post carries first
 * (giveReauth), then `call` with the token to use; its `reauthentication_required` answered with
 * the prompt. Returns the call's value and the cookies to set, or the answer to give instead; any
 * other error is thrown on for the action to answer (apiErrorResult).
 */
export async function reauthCall<T>(
  {
    request,
    formData,
    token,
    submission,
    ...options
  }: PromptOptions & { request: Request; formData: FormData; token: string; submission: Replyable },
  call: (token: string) => Promise<T>,
): Promise<{ value: T; cookies: string[] } | { answer: Answer }> {
  const post = { request, token, formData };
  if (asksPasskeyOptions(formData)) return { answer: await passkeyOptions(request, token) };
  const given = await giveReauth(request, formData, token);
  if (given instanceof ReauthRefused) return { answer: await refusedPrompt(given, post, submission, options) };
  try {
    return { value: await call(given.token), cookies: given.cookies };
  } catch (error) {
    const method = reauthMethodOf(error);
    if (!method) throw error;
    return { answer: await reauthPrompt(post, submission, { method }, options) };
  }
}

/** What a page's forms are given that the check may change: the token, and a client made with it. */
interface TokenContext extends FormFacts {
  token: string;
  api?: Api;
}

/**
 * A page's forms (answerIntent) with the fresh check: each form's `run` gets the token (and `api`)
 * of the check the post carried, and a `reauthentication_required` from it is answered with the
 * prompt on that form. `apiOf` makes the client for a new token (by default apiFor(request, { token })).
 * The console's intentAction: `answerIntent(request, caller, withReauth(page))`.
 */
export function withReauth<F extends Record<string, FormSchema<never>>, C extends TokenContext>(
  page: IntentForms<F, C>,
  options: { apiOf?: (request: Request, token: string) => Api; hideFields?: string[] } = {},
): IntentForms<F, C> {
  const apiOf = options.apiOf ?? ((request: Request, token: string) => apiFor(request, { token }));
  const promptOptions = (context: C): PromptOptions => ({
    intent: page.single ? undefined : context.formId,
    hideFields: options.hideFields,
  });
  return {
    ...page,
    async run(value, context, submission) {
      if (asksPasskeyOptions(context.formData)) return { answer: await passkeyOptions(context.request, context.token) };
      const given = await giveReauth(context.request, context.formData, context.token);
      if (given instanceof ReauthRefused) {
        return { answer: await refusedPrompt(given, context, submission, promptOptions(context)) };
      }
      const fresh =
        given.token === context.token
          ? context
          : { ...context, token: given.token, ...(context.api ? { api: apiOf(context.request, given.token) } : {}) };
      return withCookies(await page.run(value, fresh, submission), given.cookies);
    },
    async refusal(error, submission, context) {
      const method = reauthMethodOf(error);
      if (method) return reauthPrompt(context, submission, { method }, promptOptions(context));
      return (await page.refusal?.(error, submission, context)) ?? null;
    },
  };
}

/** An outcome that also sets `cookies` (a new session's). */
function withCookies(outcome: Outcome, cookies: string[]): Outcome {
  if (cookies.length === 0) return outcome;
  if (!("answer" in outcome)) return { ...outcome, cookies: [...(outcome.cookies ?? []), ...cookies] };
  const { answer } = outcome;
  if (answer instanceof Response) {
    for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
    return outcome;
  }
  const headers = new Headers(answer.init?.headers);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return { answer: data(answer.data, { ...answer.init, headers }) };
}
