import { createHash, randomInt } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, type PersonalInfo } from "~contract/identity/settings";
import { adminAuth } from "../auth/firebase-admin";
import { callIdentity } from "../auth/identity-errors";
import { cutOffSessions, renewSession } from "../auth/session";
import type { RenewedSession } from "~contract/identity/auth";
import type { Db } from "../db/client";
import { users, verificationCodes, type VerificationCodeRow, type VerificationPurpose } from "../db/schema";
import { getApiEnv } from "../env";
import { ApiError, conflict } from "../http/errors";
import { DEFAULT_COUNTRY } from "~contract/countries";
import { composeEmail, platformBrand } from "../outbox/email-layout";
import { enqueueEmail, enqueueSms } from "../outbox/service";
import { enforceRateLimits } from "../rate-limit/service";
import { requireUserRow } from "./service";
import { clockNow } from "../clock";

/** GET /v1/user/settings/personal-info: the caller's own facts and any change waiting for its code. */
export async function personalInfo(db: Db, uid: string): Promise<PersonalInfo> {
  const [row, pendingPhone, pendingEmail, record] = await Promise.all([
    requireUserRow(db, uid),
    pendingChange(db, uid, "phone"),
    pendingChange(db, uid, "email"),
    callIdentity(() => adminAuth().getUser(uid)),
  ]);
  const providers = record.providerData.map((provider) => provider.providerId);
  const methods = new Set(providers.filter((id) => id !== "password"));
  if (row.passwordIsSet || record.passwordHash) methods.add("password");
  if (providers.includes("password") && !methods.has("password")) methods.add("emailLink");
  return {
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    email: row.email ?? record.email ?? "",
    phone: row.phone,
    location: row.location
      ? {
          address: row.location.address,
          city: row.location.city,
          state: row.location.state,
          zipcode: row.location.zipcode ?? "",
          country: row.location.country ?? DEFAULT_COUNTRY,
        }
      : null,
    signInMethods: [...methods].sort(),
    pendingPhone: pendingPhone?.target ?? null,
    pendingEmail: pendingEmail?.target ?? null,
  };
}

/** PUT /v1/user/settings/name */
export async function updateName(db: Db, uid: string, name: { firstName: string; lastName: string }) {
  await requireUserRow(db, uid);
  await db
    .update(users)
    .set({ firstName: name.firstName, lastName: name.lastName, updatedAt: sql`app_now()` })
    .where(eq(users.id, uid));
}

/** PUT /v1/user/settings/phone: a code goes to the new number by SMS. */
export async function requestPhoneChange(db: Db, uid: string, phone: string): Promise<void> {
  await requireUserRow(db, uid);
  const code = await newCode(db, uid, "phone", phone);
  await enqueueSms(db, {
    to: phone,
    text: `${appName()}: your code is ${code}. It is valid for ${CODE_TTL_MINUTES} minutes.`,
    kind: "phone_code",
  });
}

/** The change a code confirmed, made: the number or address becomes the user's, and the code is spent. */
async function makeChange(db: Db, uid: string, pending: VerificationCodeRow): Promise<void> {
  const change = pending.purpose === "phone" ? { phone: pending.target } : { email: pending.target };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...change, updatedAt: sql`app_now()` })
      .where(eq(users.id, uid));
    await tx.update(verificationCodes).set({ status: "confirmed" }).where(eq(verificationCodes.id, pending.id));
  });
}

/** PUT /v1/user/settings/phone/confirm: the right code makes the number the user's phone. */
export async function confirmPhoneChange(db: Db, uid: string, code: string): Promise<void> {
  const pending = await checkCode(db, uid, "phone", code);
  await makeChange(db, uid, pending);
}

/** PUT /v1/user/settings/email: a code goes to the new address (never to one another account has). */
export async function requestEmailChange(db: Db, uid: string, email: string): Promise<void> {
  await requireUserRow(db, uid);
  await assertEmailFree(db, uid, email);
  const code = await newCode(db, uid, "email", email);
  await enqueueEmail(
    db,
    composeEmail({
      to: email,
      subject: `Your ${appName()} code: ${code}`,
      brand: platformBrand(),
      paragraphs: [
        ["Hello,"],
        [`Enter ${code} to make ${email} the address of your ${appName()} account.`],
        [`The code is valid for ${CODE_TTL_MINUTES} minutes.`],
      ],
      notes: ["If you did not ask for this, ignore this email: your address stays the same."],
      kind: "email_code",
    }),
  );
}

/**
 * PUT /v1/user/settings/email/confirm: the right code changes the address at the identity
 * provider and here, and the old address is told. The provider revokes the user's sessions on
 * such a change, so a new session cookie is answered for the caller (the web sets it).
 */
export async function confirmEmailChange(
  db: Db,
  uid: string,
  code: string,
  /** The token the caller signed in with: its second step goes on with the new session. */
  fromToken: string | null = null,
): Promise<RenewedSession> {
  const pending = await checkCode(db, uid, "email", code);
  await assertEmailFree(db, uid, pending.target);
  const before = await requireUserRow(db, uid);
  await callIdentity(() => adminAuth().updateUser(uid, { email: pending.target, emailVerified: true }), {
    "auth/email-already-exists": emailTaken,
  });
  const cutoff = await cutOffSessions(db, uid);
  await makeChange(db, uid, pending);
  if (before.email && before.email !== pending.target) {
    await enqueueEmail(
      db,
      composeEmail({
        to: before.email,
        subject: `Your ${appName()} email address was changed`,
        brand: platformBrand(),
        paragraphs: [["Hello,"], [`The address of your ${appName()} account is now ${pending.target}.`]],
        notes: ["If you did not make this change, reply to this email at once."],
        kind: "email_changed",
      }),
    );
  }
  // The identity provider ends every session on an email change; the one who made it stays signed in.
  const renewed = await callIdentity(() => renewSession(uid, cutoff, fromToken));
  return {
    sessionCookie: renewed.sessionCookie,
    maxAgeSeconds: renewed.maxAgeSeconds,
    customToken: renewed.customToken,
  };
}

const emailTaken = () => conflict("Another account uses this email address.", "email_taken");

async function assertEmailFree(db: Db, uid: string, email: string): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, uid)))
    .limit(1);
  if (other) throw emailTaken();
  const existing = await adminAuth()
    .getUserByEmail(email)
    .catch(() => null);
  if (existing && existing.uid !== uid) throw emailTaken();
}

function appName(): string {
  return getApiEnv().PUBLIC_APP_NAME;
}

function hashCode(uid: string, purpose: VerificationPurpose, code: string): string {
  return createHash("sha256").update(`${uid}:${purpose}:${code}`).digest("hex");
}

/** The newest change of this kind that still waits for its code (not expired, not cancelled). */
async function pendingChange(db: Db, uid: string, purpose: VerificationPurpose) {
  const [latest] = await latestChange(db, uid, purpose);
  return latest?.status === "pending" && latest.expiresAt > clockNow() ? latest : null;
}

function latestChange(db: Db, uid: string, purpose: VerificationPurpose): Promise<VerificationCodeRow[]> {
  return db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, uid), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
}

/**
 * A fresh 6-digit code for a change (at most one send a minute and five an hour per user and
 * kind: 429 with Retry-After). It replaces any code still pending.
 */
async function newCode(db: Db, uid: string, purpose: VerificationPurpose, target: string): Promise<string> {
  await enforceRateLimits([
    { key: `verify:${purpose}:minute:${uid}`, limit: 1, windowSeconds: 60 },
    { key: `verify:${purpose}:hour:${uid}`, limit: 5, windowSeconds: 3600 },
  ]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ status: "replaced" })
      .where(
        and(
          eq(verificationCodes.userId, uid),
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.status, "pending"),
        ),
      );
    await tx.insert(verificationCodes).values({
      userId: uid,
      purpose,
      target,
      codeHash: hashCode(uid, purpose, code),
      expiresAt: new Date(clockNow().getTime() + CODE_TTL_MINUTES * 60_000),
    });
  });
  return code;
}

const codeError = (code: string, message: string) => new ApiError(400, code, message);

/**
 * Checks a code against the pending change: 400 `no_pending_change`, `code_expired`,
 * `invalid_code`, and `too_many_attempts` once the 5th wrong code has cancelled the change (even
 * if a later code is right). Answers the pending row when the code is right.
 */
async function checkCode(db: Db, uid: string, purpose: VerificationPurpose, code: string) {
  const [latest] = await latestChange(db, uid, purpose);
  if (!latest || latest.status === "confirmed" || latest.status === "replaced") {
    throw codeError("no_pending_change", "There is no change waiting for a code. Start again.");
  }
  if (latest.status === "cancelled") {
    throw codeError("too_many_attempts", "Too many wrong codes: the change was cancelled. Start again.");
  }
  if (latest.expiresAt <= clockNow()) throw codeError("code_expired", "This code has expired. Ask for a new one.");
  if (latest.codeHash === hashCode(uid, purpose, code)) return latest;
  const attempts = latest.attempts + 1;
  const cancelled = attempts >= CODE_MAX_ATTEMPTS;
  await db
    .update(verificationCodes)
    .set({ attempts, ...(cancelled ? { status: "cancelled" as const } : {}) })
    .where(eq(verificationCodes.id, latest.id));
  if (cancelled) throw codeError("too_many_attempts", "Too many wrong codes: the change was cancelled. Start again.");
  throw codeError("invalid_code", "This code is not right. Check it and try again.");
}
