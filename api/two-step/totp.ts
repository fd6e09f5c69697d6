import { generateSecret, generateURI, verify } from "otplib/functional";

/**
 * The authenticator app's codes (RFC 6238 through otplib): 30-second steps, 6 digits, SHA-1 (what
 * every app reads from the QR code), one step of clock drift either way.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new secret, base32 (20 random bytes). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** otpauth://totp/<issuer>:<account>?secret=… for the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/**
 * The time step `code` belongs to (within ±1 step of now), when it is later than `afterStep`
 * (a code counts once); null when it matches none.
 */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  nowMs = Date.now(),
): Promise<number | null> {
  const epoch = Math.floor(nowMs / 1000);
  const latestStep = Math.floor((epoch + TOLERANCE_SECONDS) / TOTP_PERIOD_SECONDS);
  if (afterStep !== null && afterStep >= latestStep) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
