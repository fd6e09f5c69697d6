import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { payoutAccounts, payouts, type PayoutProviderName } from "../db/schema";
import { randomId } from "../ids";
import { ledgerAccounts } from "../ledger/accounts";
import { postLedger } from "../ledger/post";
import { errorFields, logger } from "../logger";
import { providerNamed } from "../payments";
import { PayoutRefusedError } from "../payments/provider";
import { operatorDayStart, scheduledToday } from "./schedule";
import { failPayout, recordSent } from "./settle";

/** Operators paid at most per run, and payouts sent to the provider; the next run takes the rest. */
const BATCH = 50;

/**
 * A payout not taken by its provider is asked for again within this many hours only: Stripe keeps
 * an idempotency key 24 hours, after which asking again could send the money twice. One older
 * than that (the provider unreachable for a day) waits for a person (reconciliation shows it).
 */
const RESEND_WITHIN_HOURS = 23;

interface DueAccount {
  operatorId: string;
}

/**
 * Operators whose payout day it is (their schedule, in their zone), not paid yet today, whose
 * available balance not yet paid out (in their currency) is positive and reaches their minimum.
 * A suspended operator is not paid while suspended: its money waits for its first payout day
 * after it is reinstated (the platform may still owe refunds or chargebacks on what it sold).
 */
async function dueAccounts(db: Db): Promise<DueAccount[]> {
  return queryRows<DueAccount>(
    db,
    sql`
      select pa.account_id as "operatorId"
      from payout_accounts pa
      join accounts a on a.id = pa.account_id
      join lateral (
        select coalesce(sum(l.amount_minor), 0) as amount from ledger_entries l
        where l.account like 'operator:%:available' and l.payout_id is null
          and l.account = 'operator:' || pa.account_id || ':available' and l.currency = a.currency
      ) unpaid on true
      where pa.payouts_enabled and a.status = 'active' and ${scheduledToday}
        and not exists (select 1 from payouts p where p.account_id = pa.account_id and p.created_at >= ${operatorDayStart})
        and unpaid.amount > 0 and unpaid.amount >= pa.minimum_minor
      order by pa.account_id
      limit ${BATCH}`,
  );
}

/**
 * One operator's payout, in one transaction: its payout account locked (two processes never pay
 * it twice), the conditions checked again after the lock, the payout made of every available line
 * not yet paid out (those lines marked with it, in the same statement), and `payout:<id>` posted
 * (available −A, paid_out +A). Answers the payout's id, or null when there is nothing to pay.
 */
async function payOperator(db: Db, operatorId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [account] = await queryRows<{ provider: PayoutProviderName; currency: string }>(
      tx,
      sql`
        select pa.provider, a.currency from payout_accounts pa join accounts a on a.id = pa.account_id
        where pa.account_id = ${operatorId} and pa.payouts_enabled and a.status = 'active' and ${scheduledToday}
        for update of pa skip locked`,
    );
    if (!account) return null;
    const payoutId = randomId("po_");
    const available = ledgerAccounts.available(operatorId);
    // A later statement than the lock: it sees a payout another process made just before.
    const [made] = await queryRows<{ amount: number }>(
      tx,
      sql`
        with taken as (
          select l.id, l.amount_minor from ledger_entries l
          where l.account = ${available} and l.payout_id is null and l.currency = ${account.currency}
          for update
        ), total as (
          select coalesce(sum(amount_minor), 0)::bigint as amount from taken
        ), made as (
          insert into payouts (id, account_id, provider, amount_minor, currency, status)
          select ${payoutId}, ${operatorId}, ${account.provider}, total.amount, ${account.currency}, 'pending'
          from total, payout_accounts pa join accounts a on a.id = pa.account_id
          where pa.account_id = ${operatorId} and total.amount > 0 and total.amount >= pa.minimum_minor
            and not exists (
              select 1 from payouts p where p.account_id = ${operatorId} and p.created_at >= ${operatorDayStart}
            )
          returning id, amount_minor
        ), marked as (
          update ledger_entries l set payout_id = made.id from made
          where l.id in (select id from taken)
          returning l.id
        )
        select made.amount_minor as amount, (select count(*) from marked) as lines from made`,
    );
    if (!made) return null;
    const amount = Number(made.amount);
    await postLedger(tx, {
      key: `payout:${payoutId}`,
      kind: "payout",
      currency: account.currency,
      operatorId,
      payoutId,
      provider: account.provider,
      lines: [
        { account: available, amountMinor: -amount },
        { account: ledgerAccounts.paidOut(operatorId), amountMinor: amount },
      ],
    });
    return payoutId;
  });
}

/**
 * Payouts made but not yet taken by their provider (just made, or the provider could not be
 * reached last time, within RESEND_WITHIN_HOURS): each is asked for, idempotently by its id. A
 * refusal fails the payout (its money available again); anything else is asked again next run.
 */
async function sendPendingPayouts(db: Db): Promise<void> {
  const pending = await db
    .select({
      id: payouts.id,
      provider: payouts.provider,
      amountMinor: payouts.amountMinor,
      currency: payouts.currency,
      providerAccountId: payoutAccounts.providerAccountId,
    })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.accountId, payouts.accountId))
    .where(
      and(
        eq(payouts.status, "pending"),
        isNull(payouts.providerPayoutId),
        gt(payouts.createdAt, sql`app_now() - make_interval(hours => ${RESEND_WITHIN_HOURS})`),
      ),
    )
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(BATCH);
  for (const payout of pending) {
    try {
      const sent = await providerNamed(payout.provider).createPayout(db, payout);
      await recordSent(db, payout.id, sent);
    } catch (error) {
      if (error instanceof PayoutRefusedError) {
        logger.warn(
          { payoutId: payout.id, code: error.code },
          "payout refused by the provider: its money is available again",
        );
        await failPayout(db, payout.id, error.code);
      } else {
        logger.warn({ payoutId: payout.id, err: errorFields(error) }, "payout not sent: asked again on the next run");
      }
    }
  }
}

/**
 * The minute's payouts: every operator whose payout day it is gets one payout (at most one per
 * day, in its zone) of its available balance, then each payout not yet sent is sent. Answers how
 * many payouts were made.
 */
export async function runDuePayouts(db: Db): Promise<number> {
  let made = 0;
  for (const due of await dueAccounts(db)) if (await payOperator(db, due.operatorId)) made++;
  await sendPendingPayouts(db);
  return made;
}
