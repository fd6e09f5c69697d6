import type { FormResult } from "~/platform/form-result";

/** A reseller's API key just made, as the page's answer holds it: its text, shown this once. */
export interface NewKey {
  resellerId: string;
  key: string;
  last4: string;
}

/** The answer of "Create an API key" (never a redirect, never stored by the web). */
export interface NewKeyAnswer extends FormResult {
  newKey: NewKey;
}

/** The new key an action's answer holds, or null. */
export function newKeyOf(answer: unknown): NewKey | null {
  return answer && typeof answer === "object" && "newKey" in answer ? (answer as NewKeyAnswer).newKey : null;
}
