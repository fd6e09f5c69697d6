import type { FormResult } from "~/platform/form-result";

/**
 * What the security page's two-step forms answer besides a redirect (two-step-security.server.ts),
 * as the page reads them (useActionData).
 */

/** An authenticator app being set up: its key, its otpauth:// address and the QR code of it. */
export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  /** The QR code, an SVG image as a data: URL (drawn on the server). */
  qr: string;
}

/** The confirm form of an authenticator app (after "set up", or a refused code). */
export interface EnrolmentAnswer extends FormResult {
  intent: "totp-confirm";
  enrolment: Enrolment;
}

/** Recovery codes just made, shown this once; `made`: with the app, with a first passkey, or anew. */
export interface CodesAnswer extends FormResult {
  intent: "codes";
  recoveryCodes: string[];
  made: "app" | "passkey" | "codes";
}

export function enrolmentOf(answer: unknown): Enrolment | null {
  return answer && typeof answer === "object" && "enrolment" in answer ? (answer as EnrolmentAnswer).enrolment : null;
}

export function codesOf(answer: unknown): CodesAnswer | null {
  return answer && typeof answer === "object" && "recoveryCodes" in answer ? (answer as CodesAnswer) : null;
}
