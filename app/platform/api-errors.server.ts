import { resources } from "~/platform/locale-resources.server";

/**
 * The one place where the API's error codes become words: a locale key per code
 * (`apiErrors.<code>` in app/locales), and a general message for any other code.
 */
const KNOWN = new Set(Object.keys(resources.en.common.apiErrors));

export function apiErrorKey(code: string): string {
  return `apiErrors.${KNOWN.has(code) ? code : "default"}`;
}
