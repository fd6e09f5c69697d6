import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "~api/db/client";
import { accounts, auditLog, operatorMembers } from "~api/db/schema";
import type { OperatorRole } from "~contract/operator/team";
import { syncedUser, type TestUser } from "./identity";
import { v1 } from "./client";

/** A seeded operator's id by its slug (acme, harbor, …). */
export async function accountIdOf(db: Db, slug: string): Promise<string> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.slug, slug));
  if (!row) throw new Error(`no operator ${slug}`);
  return row.id;
}

/** Makes the user `uid` a member of `slug`'s team with `role` (as an accepted invitation would). */
export async function addTeamMember(db: Db, slug: string, uid: string, role: OperatorRole): Promise<void> {
  await db.insert(operatorMembers).values({ accountId: await accountIdOf(db, slug), userId: uid, role });
}

/** A new user, synced, who is a member of `slug`'s team with `role`. */
export async function syncedMember(db: Db, slug: string, role: OperatorRole): Promise<TestUser> {
  const user = await syncedUser();
  await addTeamMember(db, slug, user.uid, role);
  return user;
}

/** A team of `slug` to test the console with: its owner, manager and guide, and a signed-in stranger to it. */
export async function teamOf(db: Db, slug = "acme") {
  const [owner, manager, guide, stranger] = await Promise.all([
    syncedMember(db, slug, "owner"),
    syncedMember(db, slug, "manager"),
    syncedMember(db, slug, "guide"),
    syncedUser(),
  ]);
  return { owner, manager, guide, stranger };
}

/** The request options of a console call: the caller's token on `account`'s storefront (acme by default). */
export const asMember = (
  token: string | undefined,
  extra: { method?: string; body?: unknown; account?: string; headers?: Record<string, string> } = {},
) => ({
  account: extra.account ?? "acme",
  ...(token ? { token } : {}),
  ...(extra.method ? { method: extra.method } : {}),
  ...(extra.body !== undefined ? { body: extra.body } : {}),
  ...(extra.headers ? { headers: extra.headers } : {}),
});

/** A new owner of acme's cancels one of its departures (its bookings cancelled and refunded): answered 200, or the test fails. */
export async function departureCancelledByOwner(db: Db, departureId: string) {
  const owner = await syncedMember(db, "acme", "owner");
  const answer = await v1.operatorCancelDeparture({ params: { departureId }, token: owner.idToken, account: "acme" });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

/** The audit log's entries of `action` by the user `actorId`. */
export function auditEntries(db: Db, action: string, actorId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)));
}

/** A refund by a member through the API, as the console sends it (acme's booking unless told; reason "Goodwill", seats kept). */
export const operatorRefund = (
  token: string,
  bookingId: string,
  body: { amountMinor: number; alreadyRefundedMinor: number; idempotencyKey: string; reason?: string },
  account = "acme",
) =>
  v1.operatorRefundBooking({
    params: { bookingId },
    account,
    token,
    body: { reason: "Goodwill", releaseSeats: false, ...body },
  });
