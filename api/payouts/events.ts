import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { payoutAccounts, payouts } from "../db/schema";
import { logger } from "../logger";
import type { PayoutOutcome } from "../payments/payout-events";
import type { PaymentEvent } from "../payments/provider";
import { failPayout, markPaid } from "./settle";

/** Our payout of a provider's event: by the provider's id, or by ours in its metadata (not yet recorded as sent). */
async function payoutOf(db: Db, event: PaymentEvent) {
  const details = event.payout!;
  if (event.provider !== "stripe" && event.provider !== "sandbox") return null;
  const [found] = await db
    .select({ id: payouts.id, providerAccountId: payoutAccounts.providerAccountId })
    .from(payouts)
    .leftJoin(payoutAccounts, eq(payoutAccounts.accountId, payouts.accountId))
    .where(
      and(
        eq(payouts.provider, event.provider),
        or(
          eq(payouts.providerPayoutId, details.providerPayoutId),
          details.payoutId ? and(eq(payouts.id, details.payoutId), isNull(payouts.providerPayoutId)) : undefined,
        ),
      ),
    )
    .limit(1);
  if (!found) return null;
  // Signed by the provider, yet cross-checked: the payout must have left the operator's own account.
  if (details.providerAccountId && found.providerAccountId && details.providerAccountId !== found.providerAccountId) {
    logger.warn({ payoutId: found.id, eventId: event.eventId }, "payout event from another connected account: ignored");
    return null;
  }
  return found;
}

/**
 * payout.paid / payout.failed (api/wiring.ts hands them here from payments): paid settles a
 * payout on its way; failed (even after paid: a bank may return it) makes its money available
 * again. A replayed or late event changes nothing; a payout that is not ours is ignored.
 */
export async function settlePayoutEvent(db: Db, event: PaymentEvent): Promise<PayoutOutcome> {
  const details = event.payout;
  if (!details) return "ignored";
  const payout = await payoutOf(db, event);
  if (!payout) return "ignored";
  if (event.type === "payout.paid") return (await markPaid(db, payout.id, details)) ? "payout_paid" : "ignored";
  if (event.type === "payout.failed")
    return (await failPayout(db, payout.id, details.failureCode ?? "payout_failed", details.providerPayoutId))
      ? "payout_failed"
      : "ignored";
  return "ignored";
}
