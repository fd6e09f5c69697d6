import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, type AccountRow } from "../db/schema";
import { adminAuth } from "../auth/firebase-admin";
import { callIdentity } from "../auth/identity-errors";
import { cutOffSessions, renewSession } from "../auth/session";
import { validationError } from "../http/errors";
import { requireUserRow, tokenUserGone } from "./service";
import { sessionUser } from "./session-user";
import type { PasswordSet } from "~contract/identity/auth";

/**
 * PATCH /v1/user/set-password: sets the password at the identity provider, then records it. The
 * provider ends every session on a new password; this device gets a new one (see renewSession).
 */
export async function setPassword(
  db: Db,
  uid: string,
  password: string,
  account: AccountRow | null,
  /** The token the caller signed in with: its second step goes on with the new session. */
  fromToken: string | null = null,
): Promise<PasswordSet> {
  await requireUserRow(db, uid);
  await callIdentity(() => adminAuth().updateUser(uid, { password }), {
    "auth/user-not-found": tokenUserGone,
    "auth/invalid-password": () =>
      validationError({ password: ["This password is not accepted. Choose another one."] }),
  });
  await db
    .update(users)
    .set({ passwordIsSet: true, requiresPasswordSetup: false, updatedAt: sql`app_now()` })
    .where(eq(users.id, uid));
  const renewed = await callIdentity(async () => renewSession(uid, await cutOffSessions(db, uid), fromToken));
  const { sessionCookie, maxAgeSeconds, customToken } = renewed;
  return {
    sessionCookie,
    maxAgeSeconds,
    customToken,
    ...(await sessionUser(db, uid, account, renewed.secondStepCarried)),
  };
}
