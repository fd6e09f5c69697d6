/**
 * `npm run admin -- grant EMAIL` and `revoke EMAIL`: who runs the platform (users.is_platform_admin).
 * The user must exist: someone who signed up and signed in once (their users row). One
 * transaction: the flag and its audit row together, or neither.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { CommandFailure } from "./database";

export interface PlatformAdminChange {
  userId: string;
  email: string;
  /** false: the user already was (grant) or was not (revoke) a platform admin: nothing written. */
  changed: boolean;
}

/** The one user whose email is `email` (lower case; matched whatever its case in the row). */
async function userByEmail(db: Db, email: string): Promise<{ id: string; isPlatformAdmin: boolean }> {
  const found = await db
    .select({ id: users.id, isPlatformAdmin: users.isPlatformAdmin })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .for("update");
  if (found.length === 0) {
    throw new CommandFailure(
      `no user has the email ${email}: they must sign up and sign in once before they can be made a platform admin`,
    );
  }
  if (found.length > 1) {
    throw new CommandFailure(
      `${found.length} users have the email ${email} (${found.map((row) => row.id).join(", ")})`,
    );
  }
  return found[0];
}

/**
 * Makes the user with `email` a platform admin (`admin` true) or no longer one. `audit` writes the
 * change's audit row, in the same transaction.
 */
export function setPlatformAdmin(
  db: Db,
  email: string,
  admin: boolean,
  audit: (tx: Db, change: PlatformAdminChange) => Promise<void>,
): Promise<PlatformAdminChange> {
  return db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    const change = { userId: user.id, email, changed: user.isPlatformAdmin !== admin };
    if (!change.changed) return change;
    await tx
      .update(users)
      .set({ isPlatformAdmin: admin, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await audit(tx, change);
    return change;
  });
}
