import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, type AccountRow, type OperatorStatus } from "../db/schema";
import { announceChanges } from "../changes/feed";
import { operatorSuspended } from "../http/errors";

/**
 * An operator's standing on the platform (issue 44, migration 0050): a suspended operator takes
 * no new sale (bookings, holds, waitlist joins, gift cards: 409 operator_suspended), leaves the
 * marketplace's catalog, and its team's console is read-only; what it already sold stays valid.
 */
export const isSuspended = (account: Pick<AccountRow, "status">): boolean => account.status === "suspended";

/** Since when and why the operator is suspended (its team's console says so); null while active. */
export function suspensionOf(
  account: Pick<AccountRow, "status" | "suspendedAt" | "suspensionReason">,
): { since: string; reason: string } | null {
  if (!isSuspended(account) || !account.suspendedAt) return null;
  return { since: account.suspendedAt.toISOString(), reason: account.suspensionReason ?? "" };
}

/** The cheap check, on the account row the request has already read: 409 operator_suspended. */
export function refuseSuspended(account: Pick<AccountRow, "status" | "name">, message?: string): void {
  if (isSuspended(account))
    throw operatorSuspended(
      message ?? `${account.name} is not taking bookings right now. Existing bookings stay valid.`,
    );
}

/**
 * The check inside the transaction that takes seats (or joins a line): the account row is read
 * FOR SHARE, which a suspension's update waits for and which waits for a suspension in flight, so
 * no sale commits after a suspension did. One indexed read; 409 operator_suspended.
 */
export async function refuseSuspendedLocked(tx: Db, accountId: string, message?: string): Promise<void> {
  const [row] = await tx
    .select({ status: accounts.status, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for("share");
  if (row) refuseSuspended(row, message);
}

export interface OperatorStatusChange {
  status: OperatorStatus;
  /** Why (shown to the operator's team on the console); required to suspend, dropped on reinstating. */
  reason?: string | null;
}

export interface OperatorStatusSet {
  before: Pick<AccountRow, "status" | "suspendedAt" | "suspensionReason">;
  after: AccountRow;
}

/**
 * Suspends or reinstates an operator: the row's status, when (kept when already suspended) and
 * why, under its row lock; `within` (e.g. the audit row) runs in the same transaction. Once it has
 * committed, every process hears that the catalog and the seats changed (api/changes/feed.ts), so
 * every page and kept answer forgets the operator's experiences at once (and gets them back on
 * reinstating). Null when there is no such account.
 *
 * Called inside a caller's own transaction, `db` is that transaction and the announcement comes
 * before the caller's commit: announce again after it (or declare the endpoint's `changes`).
 */
export async function setOperatorStatus(
  db: Db,
  accountId: string,
  change: OperatorStatusChange,
  within?: (tx: Db, set: OperatorStatusSet) => Promise<void>,
): Promise<OperatorStatusSet | null> {
  const suspending = change.status === "suspended";
  const reason = suspending ? (change.reason?.trim() ?? "") : "";
  if (suspending && !reason) throw new Error("A suspension needs its reason.");
  const set = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        status: accounts.status,
        suspendedAt: accounts.suspendedAt,
        suspensionReason: accounts.suspensionReason,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    if (!before) return null;
    const [after] = await tx
      .update(accounts)
      .set({
        status: change.status,
        suspendedAt: suspending ? (before.suspendedAt ?? sql`app_now()`) : null,
        suspensionReason: suspending ? reason : null,
      })
      .where(eq(accounts.id, accountId))
      .returning();
    const result = { before, after };
    await within?.(tx, result);
    return result;
  });
  if (set) announceChanges(["catalog", "seats"]);
  return set;
}
