import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { payouts } from "../db/schema";
import { ledgerAccounts } from "../ledger/accounts";
import { postLedger } from "../ledger/post";
import type { ProviderPayout } from "../payments/provider";

/**
 * What becomes of a payout once made: sent (the provider's answer), paid, or failed. Each step
 * changes a payout in one state only, so a repeated answer or a replayed event changes nothing.
 */

/** The provider took the payout: its id, and paid at once (the sandbox) or on its way (Stripe). */
export async function recordSent(db: Db, payoutId: string, sent: ProviderPayout): Promise<void> {
  const paid = sent.status === "paid";
  await db.execute(sql`
    update payouts p set
      provider_payout_id = ${sent.providerPayoutId},
      status = ${sent.status},
      paid_at = ${paid ? sql`app_now()` : sql`null`},
      arrival_date = coalesce(${sent.arrivalDate}::date, ${paid ? sql`(app_now() at time zone a.timezone)::date` : sql`null`})
    from accounts a
    where a.id = p.account_id and p.id = ${payoutId} and p.status = 'pending'`);
}

/** The money reached the bank (pending or in transit until now). */
export async function markPaid(
  db: Db,
  payoutId: string,
  details: { providerPayoutId: string; arrivalDate: string | null },
): Promise<boolean> {
  const changed = await db
    .update(payouts)
    .set({
      status: "paid",
      paidAt: sql`app_now()`,
      providerPayoutId: details.providerPayoutId,
      ...(details.arrivalDate ? { arrivalDate: details.arrivalDate } : {}),
    })
    .where(sql`${payouts.id} = ${payoutId} and ${payouts.status} in ('pending', 'in_transit')`)
    .returning({ id: payouts.id });
  return changed.length > 0;
}

/**
 * The payout failed (refused when asked, or returned by the bank, even after it was paid): its
 * money goes back to the operator's available balance (`payout_failed:<id>`, lines without a
 * payout, so the next payout takes them again). Once per payout.
 */
export async function failPayout(
  db: Db,
  payoutId: string,
  reason: string,
  providerPayoutId: string | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for("update");
    if (!payout || payout.status === "failed") return false;
    await tx
      .update(payouts)
      .set({
        status: "failed",
        failureReason: reason.slice(0, 200),
        paidAt: null,
        providerPayoutId: payout.providerPayoutId ?? providerPayoutId,
      })
      .where(eq(payouts.id, payoutId));
    await postLedger(tx, {
      key: `payout_failed:${payoutId}`,
      kind: "payout_failed",
      currency: payout.currency,
      operatorId: payout.accountId,
      provider: payout.provider,
      providerRef: payout.providerPayoutId ?? providerPayoutId,
      lines: [
        { account: ledgerAccounts.paidOut(payout.accountId), amountMinor: -payout.amountMinor },
        { account: ledgerAccounts.available(payout.accountId), amountMinor: payout.amountMinor },
      ],
    });
    return true;
  });
}
