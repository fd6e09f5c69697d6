import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import { formResult } from "~/platform/form-result.server";
import { errorInit, routeNotFound } from "~/platform/http.server";
import { resources } from "~/platform/locale-resources.server";
import { i18next } from "~/platform/i18next.server";

/**
 * The one place where the API's errors become the page's answer: a locale key per code
 * (`apiErrors.<code>` in app/locales, a general message for any other code), the 404 page for
 * what the address names and the API does not have (orNotFound), and a form's result for a
 * refusal (apiErrorResult). An unavailable or unreachable API never gets here: apiFor has already
 * made it the 503 page, and a 401 the sign-in redirect.
 */
const KNOWN = new Set(Object.keys(resources.en.common.apiErrors));

/**
 * The key of an error code, or of an ApiError: a 429 then says when to try again, from its
 * Retry-After rounded up to the next wait the locale words (never earlier than allowed).
 */
export function apiErrorKey(error: string | { code: string; headers?: Record<string, string> }): string {
  const code = typeof error === "string" ? error : error.code;
  // Too many attempts, or a second step locked after wrong codes: when to try again.
  if (typeof error !== "string" && (code === "rate_limited" || code === "second_step_locked")) {
    const seconds = Number(error.headers?.["Retry-After"]);
    if (Number.isFinite(seconds) && seconds >= 0) return `retryAfter.${waitKey(seconds)}`;
  }
  return `apiErrors.${KNOWN.has(code) ? code : "default"}`;
}

const WAITS: Array<[seconds: number, key: string]> = [
  [60, "inAMinute"],
  [120, "in2Minutes"],
  [300, "in5Minutes"],
  [600, "in10Minutes"],
  [900, "in15Minutes"],
  [1800, "in30Minutes"],
  [3600, "inAnHour"],
  [6 * 3600, "inAFewHours"],
];

function waitKey(seconds: number): string {
  return WAITS.find(([limit]) => seconds <= limit)?.[1] ?? "tomorrow";
}

/**
 * Whether the API said that what was asked for is not there: a 404 (not_found, booking_not_found,
 * tip_not_found, …), a 400 (an id or link it cannot even read), or one of `codes`.
 */
function isNotFound(error: unknown, codes: string[]): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400 || codes.includes(error.code));
}

/** What the address names, or null when the API says it is not there (see isNotFound). */
export async function orNone<T>(promise: Promise<T>, ...codes: string[]): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFound(error, codes)) return null;
    throw error;
  }
}

/** What the address names, or the 404 page ('Page Not Found: {path}') when the API says it is not there. */
export async function orNotFound<T>(request: Request, promise: Promise<T>, ...codes: string[]): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFound(error, codes)) throw await routeNotFound(request);
    throw error;
  }
}

/**
 * A page's loader asking the API on behalf of an address that reached the API's limit: the 429
 * error page saying when to try again, with the API's Retry-After (never a 500). Forms show a 429
 * on the form instead (apiErrorResult).
 */
export async function orTooManyRequests<T>(request: Request, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (!isApiError(error, "rate_limited")) throw error;
    const t = await i18next.getFixedT(request);
    throw data(t(apiErrorKey(error)), errorInit(error));
  }
}

/** A conform submission, as far as an API error is concerned. */
export interface Replyable {
  payload: Record<string, unknown>;
  reply(options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
}

export interface ApiErrorShown {
  /**
   * Codes shown otherwise than by default: on a field (`field`), and/or with another text (`key`);
   * a code named here without a field is the form's message, whatever fields the API names.
   */
  codes?: Record<string, { field?: string; key?: string }>;
  /**
   * The fields that show an error the API gives them (validation_error), with its text; without
   * it, every field the form sent, with a general text. Any other is told as the form's message.
   */
  fields?: Record<string, string>;
  /** Typed values not sent back to the page (passwords). */
  hideFields?: string[];
  /** The form's intent, on a page with several forms. */
  intent?: string;
}

/**
 * The page's answer to the API refusing a form: the form again (formResult) with the error where
 * it belongs, and the API's status and Retry-After. Where: as `codes` says; else, for a
 * validation_error, on the fields the API names (`location.city` is the form's `city`) that the
 * form shows (`fields`); else as the form's message, its text apiErrorKey's (a 429 says when to
 * try again).
 * Anything but an ApiError is thrown on, and so is a 5xx the page has no words for.
 */
export function apiErrorResult(error: unknown, submission: Replyable, shown: ApiErrorShown = {}) {
  if (!isApiError(error) || (error.status >= 500 && !KNOWN.has(error.code))) throw error;
  const { codes = {}, hideFields, intent } = shown;
  const named = codes[error.code];
  const key = named?.key ?? apiErrorKey(error);
  const fieldErrors = named
    ? named.field && { [named.field]: [key] }
    : refusedFields(error.code, error.fields, submission, shown.fields);
  const reply = fieldErrors
    ? submission.reply({ hideFields, fieldErrors })
    : submission.reply({ hideFields, formErrors: [key] });
  return formResult(reply, { intent, ...errorInit(error) });
}

/** A validation_error's fields that the form shows, with their texts; null when there are none. */
function refusedFields(
  code: string,
  refused: Record<string, string[]> | undefined,
  submission: Replyable,
  texts: Record<string, string> | undefined,
): Record<string, string[]> | null {
  if (code !== "validation_error" || !refused) return null;
  const names = Object.keys(refused)
    .map((name) => name.split(".").at(-1)!)
    .filter((name) => name in (texts ?? submission.payload));
  if (names.length === 0) return null;
  return Object.fromEntries(names.map((name) => [name, [texts?.[name] ?? "validation.invalid"]]));
}
