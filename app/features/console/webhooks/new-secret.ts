import type { FormResult } from "~/platform/form-result";

/** A webhook's signing secret just made (a new subscription, or rotated), shown this once. */
export interface NewSecret {
  webhookId: string;
  url: string;
  secret: string;
}

/** The answer of "Add" or "Rotate the secret" (never a redirect, never stored by the web). */
export interface NewSecretAnswer extends FormResult {
  newSecret: NewSecret;
}

/** The new secret an action's answer holds, or null. */
export function newSecretOf(answer: unknown): NewSecret | null {
  return answer && typeof answer === "object" && "newSecret" in answer ? (answer as NewSecretAnswer).newSecret : null;
}
