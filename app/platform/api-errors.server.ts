import { resources } from "~/platform/locale-resources.server";

/**
 * The one place where the API's error codes become words: a locale key per code
 * (`apiErrors.<code>` in app/locales), and a general message for any other code.
 */
const KNOWN = new Set(Object.keys(resources.en.common.apiErrors));

/**
 * The key of an error code, or of an ApiError: a 429 then says when to try again, from its
 * Retry-After rounded up to the next wait the locale words (never earlier than allowed).
 */
export function apiErrorKey(error: string | { code: string; headers?: Record<string, string> }): string {
  const code = typeof error === "string" ? error : error.code;
  if (typeof error !== "string" && code === "rate_limited") {
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
