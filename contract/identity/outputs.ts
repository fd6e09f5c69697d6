import { z } from "zod";
import { count, isoTime, paging } from "../output-parts";
import { NOTIFICATION_CATEGORIES } from "./preference-values";
import { MISSING_DATA_FIELDS } from "../statuses";

export const passwordPolicy = z.object({
  minLength: count,
  maxLength: count,
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
});

export const userInfo = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  signInMethod: z.string(),
  requiresPasswordSetup: z.boolean(),
  /** Unread notifications (for the badge in the header and the account navigation). */
  unreadNotifications: count,
  /** A confirmed authenticator app or a passkey (two-step sign-in, issue 43). */
  hasSecondFactor: z.boolean(),
  /**
   * This session has not given its second step yet: it reaches only the second-step page and
   * sign-out (everything else answers 403 `second_step_required`).
   */
  secondStepPending: z.boolean(),
});

export const sessionCreated = z.object({
  /** The session cookie's value (a signed JWT) and how long it lives. */
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  user: userInfo,
  /** What the user still owes before booking here: profile fields and "waiver". */
  missingData: z.array(z.string()),
});

export const missingData = z.object({
  missingData: z.array(z.enum(MISSING_DATA_FIELDS)),
});

export const waiver = z.object({
  accountName: z.string(),
  textVersion: z.number().int().positive(),
  text: z.string(),
  isSigned: z.boolean(),
  signedAt: isoTime.nullable(),
  signedName: z.string().nullable(),
});

export const waiverStatus = z.object({ isSigned: z.boolean() });

export const notificationPreferences = z.object({
  booking: z.object({ email: z.boolean(), sms: z.boolean() }),
  reminders: z.object({ email: z.boolean(), sms: z.boolean() }),
  tips: z.object({ email: z.boolean(), sms: z.boolean() }),
  referrals: z.object({ email: z.boolean(), sms: z.boolean() }),
  news: z.object({ email: z.boolean(), sms: z.boolean() }),
});

export const notificationView = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path in the web app, or null. */
  link: z.string().nullable(),
  readAt: isoTime.nullable(),
  createdAt: isoTime,
});

export const notificationPage = z.object({
  items: z.array(notificationView),
  /** Unread notifications in total (not only on this page). */
  unread: count,
  ...paging,
});

export const personalInfo = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** +1 and 10 digits, or null. */
  phone: z
    .string()
    .regex(/^\+1\d{10}$/)
    .nullable(),
  location: z
    .object({ address: z.string(), city: z.string(), state: z.string(), zipcode: z.string(), country: z.string() })
    .nullable(),
  /** How the account can sign in: password, emailLink, google.com, apple.com… */
  signInMethods: z.array(z.string()),
  /** A change waiting for its code, if any. */
  pendingPhone: z.string().nullable(),
  pendingEmail: z.string().nullable(),
});

/** A session minted for the caller after a change that ended their sessions (a new email address). */
export const renewedSession = z.object({
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  customToken: z.string().min(20),
});

export const passwordSet = z.object({
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  customToken: z.string().min(20),
  user: userInfo,
  missingData: z.array(z.string()),
});

export const unsubscribeView = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** The address, masked: a•••@example.com */
  email: z.string(),
  /** Whether emails of this category still go out. */
  subscribed: z.boolean(),
});

/** GET /v1/user/second-factors: the user's second factors and this session's second step. */
export const secondFactors = z.object({
  /** The authenticator app, once confirmed by a first code; null without one. */
  totp: z.object({ confirmedAt: isoTime }).nullable(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: isoTime, lastUsedAt: isoTime.nullable() })),
  /** Unused recovery codes (0 to 10). */
  recoveryCodesLeft: count,
  /** When this session gave its second step (null: not yet, or the user has no second factor). */
  secondStepAt: isoTime.nullable(),
  /** The teams whose owner requires two-step sign-in of their members (by name). */
  requiredBy: z.array(z.string()),
});

/** POST /v1/user/second-factors/totp: a new secret, not counted until a first code confirms it. */
export const totpEnrolment = z.object({
  /** The secret in base32, for typing into the app. */
  secret: z.string(),
  /** otpauth://totp/… for a QR code. */
  otpauthUrl: z.string(),
  /** The enrolment must be confirmed before then. */
  expiresAt: isoTime,
});

/** Ten single-use recovery codes, shown once ("k7m2p-x9q4r"); null when the user already had some. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()).nullable() });

/** POST /v1/user/second-factors/passkeys/options and /v1/auth/second-step/passkey-options: WebAuthn options (JSON form). */
export const webAuthnOptions = z.object({ challenge: z.string() }).passthrough();

/** POST /v1/user/second-factors/passkeys */
export const passkeyAdded = z.object({ id: z.string(), name: z.string() });

/** POST /v1/auth/second-step: the session's second step is recorded. */
export const secondStepDone = z.object({
  secondStepAt: isoTime,
  /** Recovery codes left after this one was used (the page warns when few are left). */
  recoveryCodesLeft: count,
});
