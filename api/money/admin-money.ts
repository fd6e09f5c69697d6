import { eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { KeyCursor } from "~contract/platform/applications";
import { DEFAULT_EARNINGS_DAYS } from "~contract/payouts/money-requests";
import type { AdminCommission, AdminOperatorMoney, PlatformEarnings } from "~contract/payouts/money-outputs";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { accounts } from "../db/schema";
import { paymentEnv } from "../env";
import { notFound } from "../http/errors";
import { ledgerAccounts } from "../ledger/accounts";
import { writePlatformAudit, type PlatformActor } from "../platform/audit";
import { readBalance } from "./balance";
import { listPayouts } from "./payouts-read";

const operatorNotFound = () => notFound("No such operator.", "operator_not_found");

/** An operator's commission: its own rate (null: the platform's default) and what it sells at. */
const commissionOf = (accountId: string, commissionBps: number | null): AdminCommission => ({
  accountId,
  commissionBps,
  defaultBps: paymentEnv.commissionBps,
  effectiveBps: commissionBps ?? paymentEnv.commissionBps,
});

/**
 * PUT /v1/admin/operators/{id}/commission: the operator's rate (basis points; null: the platform's
 * default), its row locked, audited with the rate before and after in the same transaction. Each
 * booking keeps the rate it was sold at (bookings.commission_bps, copied when it is made): the new
 * rate is for bookings made from now on.
 */
export async function setCommission(
  db: Db,
  actor: PlatformActor,
  accountId: string,
  commissionBps: number | null,
): Promise<AdminCommission> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ slug: accounts.slug, commissionBps: accounts.commissionBps })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    if (!before) throw operatorNotFound();
    await tx.update(accounts).set({ commissionBps }).where(eq(accounts.id, accountId));
    await writePlatformAudit(tx, actor, "operator.commission_set", accountId, {
      before: { slug: before.slug, commissionBps: before.commissionBps },
      after: { slug: before.slug, commissionBps },
    });
    return commissionOf(accountId, commissionBps);
  });
}

/** GET /v1/admin/operators/{id}/money: the operator's balance and payouts as its console reads them. */
export async function operatorMoney(
  db: Db,
  accountId: string,
  query: { cursor?: KeyCursor; limit?: number },
): Promise<AdminOperatorMoney> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw operatorNotFound();
  const [balance, payouts] = await Promise.all([readBalance(db, account), listPayouts(db, account.id, query)]);
  return {
    operator: { id: account.id, slug: account.slug, name: account.name },
    commission: commissionOf(account.id, account.commissionBps),
    balance,
    payouts,
  };
}

interface EarningRow {
  currency: string;
  operator_id: string | null;
  slug: string | null;
  name: string | null;
  commission: string | number;
  service_fees: string | number;
}

/**
 * GET /v1/admin/earnings: the platform's commission and service-fee lines of the ledger over UTC
 * dates [from, to] (default the last 30 days), summed by the database per currency and operator
 * (one statement; refunds' lines take back their share). Totals per currency include lines of no
 * operator, should there be any; operators are listed by what they earned the platform, largest first.
 */
export async function platformEarnings(db: Db, query: { from?: string; to?: string }): Promise<PlatformEarnings> {
  const today = DateTime.fromJSDate(clockNow(), { zone: "UTC" });
  const to = query.to ?? today.toISODate()!;
  const from = query.from ?? today.minus({ days: DEFAULT_EARNINGS_DAYS - 1 }).toISODate()!;
  const start = DateTime.fromISO(from, { zone: "UTC" }).toISO()!;
  const end = DateTime.fromISO(to, { zone: "UTC" }).plus({ days: 1 }).toISO()!;
  const rows = await queryRows<EarningRow>(
    db,
    sql`
    select l.currency, l.operator_id, a.slug, a.name,
      coalesce(sum(l.amount_minor) filter (where l.account = ${ledgerAccounts.commission}), 0) as commission,
      coalesce(sum(l.amount_minor) filter (where l.account = ${ledgerAccounts.serviceFees}), 0) as service_fees
    from ledger_entries l left join accounts a on a.id = l.operator_id
    where l.account in (${ledgerAccounts.commission}, ${ledgerAccounts.serviceFees})
      and l.occurred_at >= ${start}::timestamptz and l.occurred_at < ${end}::timestamptz
    group by l.currency, l.operator_id, a.slug, a.name`,
  );
  const earned = (row: EarningRow) => {
    const commissionMinor = Number(row.commission);
    const serviceFeesMinor = Number(row.service_fees);
    return { commissionMinor, serviceFeesMinor, totalMinor: commissionMinor + serviceFeesMinor };
  };
  const totals = new Map<string, ReturnType<typeof earned>>();
  for (const row of rows) {
    const sum = totals.get(row.currency) ?? { commissionMinor: 0, serviceFeesMinor: 0, totalMinor: 0 };
    const add = earned(row);
    totals.set(row.currency, {
      commissionMinor: sum.commissionMinor + add.commissionMinor,
      serviceFeesMinor: sum.serviceFeesMinor + add.serviceFeesMinor,
      totalMinor: sum.totalMinor + add.totalMinor,
    });
  }
  return {
    from,
    to,
    totals: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sums]) => ({ currency, ...sums })),
    operators: rows
      .filter((row) => row.operator_id !== null && row.slug !== null)
      .map((row) => ({
        id: row.operator_id!,
        slug: row.slug!,
        name: row.name!,
        currency: row.currency,
        ...earned(row),
      }))
      .sort((a, b) => b.totalMinor - a.totalMinor || a.name.localeCompare(b.name)),
  };
}
