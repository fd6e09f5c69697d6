import type { DecodedIdToken } from "firebase-admin/auth";
import { adminAuth } from "./firebase-admin";
import { identityEnv } from "../env";

/** Who a request is: a verified Firebase ID token or session cookie. */
export type AuthIdentity = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  signInProvider: string;
  authTime: number;
  kind: "id_token" | "session_cookie";
};

const SESSION_ISSUER = "https://session.firebase.google.com/";

function issuerOf(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload.iss === "string" ? payload.iss : null;
  } catch {
    return null;
  }
}

/**
 * Revocation needs a call to the identity provider: it is checked at most once per
 * `SESSION_REVOCATION_CHECK_SECONDS` for each token (in this process), and always when
 * `forceRevocationCheck` is set (sensitive actions).
 */
const lastRevocationCheck = new Map<string, number>();
const MAX_TRACKED = 10_000;

function revocationDue(token: string, now: number): boolean {
  const last = lastRevocationCheck.get(token);
  return last === undefined || now - last >= identityEnv.revocationCheckMs;
}

function markChecked(token: string, now: number) {
  if (lastRevocationCheck.size >= MAX_TRACKED) lastRevocationCheck.clear();
  lastRevocationCheck.set(token, now);
}

export class InvalidTokenError extends Error {
  constructor(readonly reason: "invalid" | "expired" | "revoked") {
    super(`token ${reason}`);
  }
}

/** Verify an ID token or a session cookie; throws InvalidTokenError. */
export async function verifyFirebaseToken(
  token: string,
  options: { forceRevocationCheck?: boolean } = {},
): Promise<AuthIdentity> {
  const now = Date.now();
  const checkRevoked = options.forceRevocationCheck || revocationDue(token, now);
  const isSession = issuerOf(token)?.startsWith(SESSION_ISSUER) ?? false;
  let decoded: DecodedIdToken;
  try {
    decoded = isSession
      ? await adminAuth().verifySessionCookie(token, checkRevoked)
      : await adminAuth().verifyIdToken(token, checkRevoked);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    lastRevocationCheck.delete(token);
    // The identity provider could not be reached or failed: that says nothing about the
    // token, so it must not sign the user out (callers answer 503, not 401).
    if (code.startsWith("app/") || code === "auth/internal-error") throw error;
    if (code.includes("revoked") || code.includes("user-disabled") || code.includes("user-not-found"))
      throw new InvalidTokenError("revoked");
    if (code.includes("expired")) throw new InvalidTokenError("expired");
    throw new InvalidTokenError("invalid");
  }
  if (checkRevoked) markChecked(token, now);
  return {
    uid: decoded.uid,
    email: decoded.email ?? null,
    emailVerified: decoded.email_verified ?? false,
    signInProvider: decoded.firebase?.sign_in_provider ?? "unknown",
    authTime: decoded.auth_time,
    kind: isSession ? "session_cookie" : "id_token",
  };
}
