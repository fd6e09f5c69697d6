import { eq, sql } from "drizzle-orm";
import type { UserRecord } from "firebase-admin/auth";
import { adminAuth } from "../auth/firebase-admin";
import { callIdentity } from "../auth/identity-errors";
import { forgetVerifiedSessions, type AuthIdentity } from "../auth/verify";
import type { Db } from "../db/client";
import { users, type UserRow } from "../db/schema";
import { countUnread } from "../notifications/service";
import { ApiError, notFound } from "../http/errors";
import {
  MISSING_DATA_FIELDS,
  NOT_NEEDED_TO_BOOK,
  type MissingDataBody,
  type MissingDataField,
  type SyncBody,
  type UserInfo,
} from "~contract/identity/users";

export const userNotFound = () =>
  notFound("This user has not been set up yet: call PATCH /v1/user/sync first.", "user_not_found");

/** The token is valid but its account is gone at the identity provider. */
export const tokenUserGone = () => new ApiError(401, "unauthorized", "This account no longer exists. Sign in again.");

export async function findUser(db: Db, uid: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, uid)).limit(1);
  return row ?? null;
}

export async function requireUserRow(db: Db, uid: string): Promise<UserRow> {
  const row = await findUser(db, uid);
  if (!row) throw userNotFound();
  return row;
}

function providerRecord(uid: string): Promise<UserRecord> {
  return callIdentity(() => adminAuth().getUser(uid), { "auth/user-not-found": tokenUserGone });
}

/**
 * Whether the account has a password. Email-link and password sign-ins both belong to the
 * "password" provider; only a stored password hash tells them apart. The flag is sticky once
 * known, because the Admin SDK hides the hash when the credentials may not read it.
 */
export function hasPassword(record: UserRecord, known: boolean): boolean {
  const passwordProvider = record.providerData.some((provider) => provider.providerId === "password");
  return passwordProvider && (Boolean(record.passwordHash) || known);
}

/** password | emailLink | google.com | apple.com | … from the token's sign_in_provider. */
export function signInMethodOf(signInProvider: string, passwordIsSet: boolean): string {
  if (signInProvider === "password" || signInProvider === "emailLink") return passwordIsSet ? "password" : "emailLink";
  return signInProvider;
}

function profileValues(profile: SyncBody) {
  const values: Partial<typeof users.$inferInsert> = {};
  if (profile.firstName !== undefined) values.firstName = profile.firstName;
  if (profile.lastName !== undefined) values.lastName = profile.lastName;
  if (profile.phone !== undefined) values.phone = profile.phone;
  if (profile.location !== undefined) values.location = profile.location;
  return values;
}

/**
 * PATCH /v1/user/sync: creates or refreshes the caller's row from the verified token and the
 * identity provider's record. Only the profile fields given are written.
 */
export async function syncUser(db: Db, identity: AuthIdentity, profile: SyncBody): Promise<void> {
  const [record, existing] = await Promise.all([providerRecord(identity.uid), findUser(db, identity.uid)]);
  const passwordIsSet = hasPassword(record, existing?.passwordIsSet ?? false);
  const signInMethod = signInMethodOf(identity.signInProvider, passwordIsSet);
  const identityValues = {
    email: identity.email ?? record.email ?? null,
    signInMethod,
    passwordIsSet,
    requiresPasswordSetup: signInMethod === "emailLink",
  };
  const profileUpdate = profileValues(profile);
  await db
    .insert(users)
    .values({ id: identity.uid, ...identityValues, ...profileUpdate })
    .onConflictDoUpdate({ target: users.id, set: { ...identityValues, ...profileUpdate, updatedAt: sql`app_now()` } });
  // Whether a password must be set first is part of a verified identity: verify again next time.
  forgetVerifiedSessions(identity.uid);
}

/**
 * The user as the web shows them. `secondStepGiven`: whether the session asking has given its
 * second step (issue 43); a user with a second factor whose session has not is `secondStepPending`.
 */
export function toUserInfo(row: UserRow, unreadNotifications: number, secondStepGiven: boolean): UserInfo {
  return {
    id: row.id,
    email: row.email ?? "",
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    phoneNumber: row.phone ?? "",
    signInMethod: row.signInMethod,
    requiresPasswordSetup: row.requiresPasswordSetup,
    unreadNotifications,
    hasSecondFactor: row.secondFactorEnabled,
    secondStepPending: row.secondFactorEnabled && !secondStepGiven,
  };
}

/** GET /v1/user/info: the user and their unread notification count, read at once; this session's second step. */
export async function userInfo(db: Db, identity: AuthIdentity): Promise<UserInfo> {
  const [row, unread] = await Promise.all([requireUserRow(db, identity.uid), countUnread(db, identity.uid)]);
  return toUserInfo(row, unread, identity.secondStepAt !== null);
}

/** What the user still has to give, in a fixed order, minus the excluded entries. */
/** What the user must still give before booking (names): see NOT_NEEDED_TO_BOOK. */
export function missingToBook(row: UserRow): MissingDataField[] {
  return missingDataOf(row, NOT_NEEDED_TO_BOOK);
}

export function missingDataOf(row: UserRow, exclude: readonly string[] = []): MissingDataField[] {
  const missing: Record<MissingDataField, boolean> = {
    firstName: !row.firstName,
    lastName: !row.lastName,
    location: !row.location || !row.location.address || !row.location.city,
    paymentMethod: !row.hasPaymentMethod,
  };
  return MISSING_DATA_FIELDS.filter((field) => missing[field] && !exclude.includes(field));
}

/** PATCH /v1/user/missing-data. `passwordIsSet` is the caller's own statement about their account. */
export async function updateMissingData(db: Db, uid: string, input: MissingDataBody): Promise<void> {
  const values: Partial<typeof users.$inferInsert> = profileValues(input);
  if (input.passwordIsSet !== undefined) {
    values.passwordIsSet = input.passwordIsSet;
    if (input.passwordIsSet) values.requiresPasswordSetup = false;
    forgetVerifiedSessions(uid);
  }
  const updated = await db
    .update(users)
    .set({ ...values, updatedAt: sql`app_now()` })
    .where(eq(users.id, uid))
    .returning({ id: users.id });
  if (updated.length === 0) throw userNotFound();
}
