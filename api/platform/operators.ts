import { and, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { ADMIN_PAGE_DEFAULT, encodeKeyCursor, type adminOperatorsQuery } from "~contract/platform/applications";
import type { AdminOperator } from "~contract/platform/outputs";
import type { Db } from "../db/client";
import { accounts, bookings, type AccountRow } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { setOperatorStatus } from "../accounts/status";
import { writePlatformAudit, type PlatformActor } from "./audit";
import { pageOf } from "./paging";

const operatorNotFound = () => notFound("No such operator.", "operator_not_found");

/** `%term%` for LIKE, its own % and _ taken literally. */
const containing = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Operators with their bookings confirmed in the last 30 days and what those were sold for: one
 * statement (a lateral sum per operator, on bookings_account_confirmed_idx), never a query per row.
 */
function operatorRows(db: Db, where: SQL | undefined) {
  const last30 = db
    .select({
      bookings: sql<number>`count(*)::int`.as("bookings"),
      revenue: sql<number>`coalesce(sum(${bookings.totalMinor}), 0)::bigint`.as("revenue"),
    })
    .from(bookings)
    .where(and(eq(bookings.accountId, accounts.id), sql`${bookings.confirmedAt} >= app_now() - interval '30 days'`))
    .as("last30");
  return db
    .select({ account: accounts, bookings: last30.bookings, revenue: last30.revenue })
    .from(accounts)
    .crossJoinLateral(last30)
    .where(where)
    .$dynamic();
}

function toAdminOperator(row: { account: AccountRow; bookings: number | null; revenue: number | string | null }) {
  const { account } = row;
  return {
    id: account.id,
    slug: account.slug,
    name: account.name,
    status: account.status,
    suspendedAt: account.suspendedAt?.toISOString() ?? null,
    suspensionReason: account.suspensionReason,
    currency: account.currency,
    timezone: account.timezone,
    createdAt: account.createdAt.toISOString(),
    last30Days: { bookings: Number(row.bookings ?? 0), revenueMinor: Number(row.revenue ?? 0) },
  } satisfies AdminOperator;
}

/** GET /v1/admin/operators: by name (then id), `q` a part of the name or slug, by status; keyset paged. */
export async function listOperators(db: Db, query: z.output<typeof adminOperatorsQuery>) {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const rows = await operatorRows(
    db,
    and(
      query.q
        ? sql`(lower(${accounts.name}) like ${containing(query.q)} or ${accounts.slug} like ${containing(query.q)})`
        : undefined,
      query.status ? eq(accounts.status, query.status) : undefined,
      query.cursor ? sql`(${accounts.name}, ${accounts.id}) > (${query.cursor.key}, ${query.cursor.id})` : undefined,
    ),
  )
    .orderBy(accounts.name, accounts.id)
    .limit(limit + 1);
  return pageOf(rows, limit, toAdminOperator, (row) => encodeKeyCursor({ key: row.account.name, id: row.account.id }));
}

async function adminOperator(db: Db, accountId: string): Promise<AdminOperator> {
  const [row] = await operatorRows(db, eq(accounts.id, accountId));
  if (!row) throw operatorNotFound();
  return toAdminOperator(row);
}

const standing = (account: Pick<AccountRow, "status" | "suspendedAt" | "suspensionReason">) => ({
  status: account.status,
  suspendedAt: account.suspendedAt?.toISOString() ?? null,
  suspensionReason: account.suspensionReason,
});

/**
 * Suspends (`reason` given) or reinstates (null) the operator `accountId` through the one way to
 * change an operator's standing (setOperatorStatus, api/accounts/status.ts: the row locked, every
 * process told), the change audited in the same transaction with the standing before and after.
 * Suspending a suspended operator is 409 `operator_already_suspended`, reinstating an active one
 * 409 `operator_not_suspended` (thrown inside the transaction: nothing changes).
 */
async function setStanding(db: Db, actor: PlatformActor, accountId: string, reason: string | null) {
  const set = await setOperatorStatus(
    db,
    accountId,
    reason === null ? { status: "active" } : { status: "suspended", reason },
    async (tx, { before, after }) => {
      if (reason !== null && before.status === "suspended")
        throw conflict("This operator is suspended already.", "operator_already_suspended");
      if (reason === null && before.status !== "suspended")
        throw conflict("This operator is not suspended.", "operator_not_suspended");
      await writePlatformAudit(tx, actor, reason === null ? "operator.reinstated" : "operator.suspended", accountId, {
        before: { slug: after.slug, ...standing(before) },
        after: { slug: after.slug, ...standing(after) },
      });
    },
  );
  if (!set) throw operatorNotFound();
  return adminOperator(db, accountId);
}

/** POST /v1/admin/operators/{id}/suspend */
export const suspendOperator = (db: Db, actor: PlatformActor, accountId: string, reason: string) =>
  setStanding(db, actor, accountId, reason);

/** POST /v1/admin/operators/{id}/reinstate */
export const reinstateOperator = (db: Db, actor: PlatformActor, accountId: string) =>
  setStanding(db, actor, accountId, null);
