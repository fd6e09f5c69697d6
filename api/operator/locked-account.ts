import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, type AccountRow } from "../db/schema";

/**
 * The operator's account row, locked for the rest of the transaction: a change of its settings
 * (branding, check-in, the desk, two-step sign-in) reads what was there and writes after, one at a time.
 */
export async function lockedAccount(tx: Db, accountId: string): Promise<AccountRow> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
  return row;
}
