/**
 * Reconciliation (issue 45): the ledger checked against itself, against the bookings, tips and
 * gift cards it records, and against the payment provider's own records, as a list of differences
 * (none: all is right). The nightly job (./reconcile-job.ts) runs it; tests run it after every
 * money test (tests/support/ledger.ts).
 *
 * What is compared, in minor units:
 * - every transaction sums to zero, and the whole ledger sums to zero per currency;
 * - every payer's line names the provider and its payment;
 * - each booking paid through the platform (card or gift cards) has its charge, and its payer's
 *   lines come to what its card was charged less what was refunded to the card;
 * - each paid tip and gift card sold has its transaction, of its amount;
 * - per payment, what the payer's lines say was taken less given back equals what the provider
 *   says: the sandbox's own rows (its paid checkouts less its refunds, both ways: a sandbox payment
 *   the ledger does not know is a difference too), and Stripe's PaymentIntent less its refunds for
 *   each payment the ledger names.
 *
 * Money from before the ledger is left out: a booking without a commission snapshot and without a
 * charge (sold before payouts existed), and tips and gift cards paid before the ledger's first line.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { errorFields, logger } from "../logger";
import { providerNamed } from "../payments";
import { ledgerAccounts } from "./accounts";

export type ReconciliationCheck =
  /** A transaction's lines do not sum to zero (subject: its key). */
  | "transaction"
  /** The whole ledger does not sum to zero in a currency (subject: the currency). */
  | "ledger"
  /** A payer's line without the provider's payment id (subject: its transaction key). */
  | "payment_reference"
  /** A paid booking without its charge (subject: the booking). */
  | "booking_charge"
  /** A booking's payer's lines against what its card paid and got back (subject: the booking). */
  | "booking_payments"
  /** A paid tip's transaction (subject: the tip). */
  | "tip"
  /** A gift card sold, its transaction (subject: the card). */
  | "gift_card"
  /** Per payment, the ledger against the provider's records (subject: the payment intent). */
  | "provider_payments"
  /** The provider could not be asked (subject: the provider). */
  | "provider_unavailable";

export interface LedgerDifference {
  check: ReconciliationCheck;
  subject: string;
  currency: string | null;
  /** What the other side says (0 for a sum that should be zero). */
  expectedMinor: number;
  /** What the ledger says. */
  ledgerMinor: number;
  /** The provider, or the error, when that says more. */
  detail?: string;
}

export interface ReconcileWindow {
  /** Only movements from here (inclusive)… */
  from?: Date;
  /** …to here (exclusive). The whole ledger's sums are always checked. */
  to?: Date;
}

/** Stripe payments asked about in one run at most (one call each, plus their refunds). */
export const PROVIDER_CHECKS_MAX = 500;

const payments = ledgerAccounts.payments;

/** `column` within the window (both ends optional). */
function within(column: SQL, window: ReconcileWindow): SQL {
  const from = window.from ? sql`${column} >= ${window.from.toISOString()}::timestamptz` : sql`true`;
  const to = window.to ? sql`${column} < ${window.to.toISOString()}::timestamptz` : sql`true`;
  return sql`(${from} and ${to})`;
}

/** A booking whose money is in the ledger (api/ledger/record.ts bookingInLedger), as SQL on `b`. */
const bookingInLedger = sql`(b.commission_bps is not null
  or exists (select 1 from ledger_entries c where c.transaction_key = 'charge:' || b.id))`;

/** When the ledger began: its first line (null: empty). */
const ledgerEpoch = sql`(select min(occurred_at) from ledger_entries)`;

type Row = Record<string, string | number | null>;
const num = (value: string | number | null | undefined) => Number(value ?? 0);
const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : String(value);

async function transactionSums(db: Db, window: ReconcileWindow): Promise<LedgerDifference[]> {
  const inWindow =
    window.from || window.to
      ? sql`where transaction_key in (select transaction_key from ledger_entries where ${within(sql`occurred_at`, window)})`
      : sql``;
  const unbalanced = await queryRows<Row>(
    db,
    sql`select transaction_key, currency, sum(amount_minor) as off_by from ledger_entries ${inWindow}
        group by transaction_key, currency having sum(amount_minor) <> 0 order by transaction_key`,
  );
  const totals = await queryRows<Row>(
    db,
    sql`select currency, sum(amount_minor) as off_by from ledger_entries
        group by currency having sum(amount_minor) <> 0 order by currency`,
  );
  const unnamed = await queryRows<Row>(
    db,
    sql`select transaction_key, currency, sum(amount_minor) as amount from ledger_entries
        where account = ${payments} and (provider is null or provider_ref is null) and ${within(sql`occurred_at`, window)}
        group by transaction_key, currency order by transaction_key`,
  );
  return [
    ...unbalanced.map((row) => ({
      check: "transaction" as const,
      subject: String(row.transaction_key),
      currency: text(row.currency),
      expectedMinor: 0,
      ledgerMinor: num(row.off_by),
    })),
    ...totals.map((row) => ({
      check: "ledger" as const,
      subject: String(row.currency),
      currency: text(row.currency),
      expectedMinor: 0,
      ledgerMinor: num(row.off_by),
    })),
    ...unnamed.map((row) => ({
      check: "payment_reference" as const,
      subject: String(row.transaction_key),
      currency: text(row.currency),
      expectedMinor: num(row.amount),
      ledgerMinor: num(row.amount),
    })),
  ];
}

/**
 * Each paid booking of the ledger: its charge exists, and its payer's lines are what its card was
 * charged (its own payment — none for a staff booking paid at the desk —, the differences of its
 * moves, and those paid too late), less its refunds made to the card.
 */
async function bookingPayments(db: Db, window: ReconcileWindow): Promise<LedgerDifference[]> {
  const rows = await queryRows<Row>(
    db,
    sql`with paid as (
          select b.id, b.currency, b.total_minor, b.gift_card_minor, b.staff_payment,
            coalesce((select sum(c.price_difference_minor) from booking_changes c where c.booking_id = b.id
              and c.status = 'done' and c.payment_intent_id is not null and c.price_difference_minor > 0), 0) as differences,
            coalesce((select sum(c.price_difference_minor) from booking_changes c where c.booking_id = b.id
              and c.status = 'refunded' and c.payment_intent_id is not null), 0) as late_differences,
            coalesce((select sum(r.amount_minor - r.gift_card_minor) from booking_refunds r where r.booking_id = b.id
              and r.status = 'made'), 0) as card_refunds,
            -- A deposit booking's balance not charged is not paid; one paid when no longer owed is refunded whole.
            case when b.balance_state is not null and b.balance_state <> 'paid' then b.balance_minor else 0 end
              as unpaid_balance,
            coalesce((select sum(r.amount_minor) from booking_refunds r where r.booking_id = b.id
              and r.outside_total and r.idempotency_key like 'balance_refund_%'), 0) as late_balances,
            coalesce((select sum(e.amount_minor) from ledger_entries e where e.booking_id = b.id
              and e.account = ${payments} and e.kind in ('charge', 'refund')), 0) as ledger,
            exists (select 1 from ledger_entries e where e.booking_id = b.id and e.kind = 'charge') as charged
          from bookings b
          where b.payment_status in ('paid', 'refunded') and b.total_minor > 0
            and (b.payment_intent_id is not null or b.gift_card_minor > 0)
            and ${bookingInLedger} and ${within(sql`b.updated_at`, window)}
        )
        select id, currency, charged, ledger,
          card_refunds - late_differences - late_balances - case when staff_payment in ('cash', 'pay_on_arrival')
            then differences else total_minor - gift_card_minor - unpaid_balance end as expected
        from paid order by id`,
  );
  const differences: LedgerDifference[] = [];
  for (const row of rows) {
    const expected = num(row.expected);
    const ledger = num(row.ledger);
    if (!row.charged)
      differences.push({
        check: "booking_charge",
        subject: String(row.id),
        currency: text(row.currency),
        expectedMinor: expected,
        ledgerMinor: ledger,
      });
    else if (expected !== ledger)
      differences.push({
        check: "booking_payments",
        subject: String(row.id),
        currency: text(row.currency),
        expectedMinor: expected,
        ledgerMinor: ledger,
      });
  }
  return differences;
}

/** Paid tips and gift cards sold (through a provider), each with its transaction of its amount. */
async function purchases(db: Db, window: ReconcileWindow): Promise<LedgerDifference[]> {
  const tips = await queryRows<Row>(
    db,
    sql`select t.id, t.currency, -t.amount_minor as expected,
          coalesce((select sum(e.amount_minor) from ledger_entries e where e.transaction_key = 'tip:' || t.id
            and e.account = ${payments}), 0) as ledger
        from tips t join bookings b on b.id = t.booking_id
        where t.status = 'paid' and ${within(sql`t.paid_at`, window)}
          and (${bookingInLedger} or t.paid_at >= ${ledgerEpoch}
            or exists (select 1 from ledger_entries e where e.transaction_key = 'tip:' || t.id))
        order by t.id`,
  );
  const cards = await queryRows<Row>(
    db,
    sql`select g.id, g.currency, -g.amount_minor as expected,
          coalesce((select sum(e.amount_minor) from ledger_entries e where e.transaction_key = 'gift_card_issue:' || g.id
            and e.account = ${payments}), 0) as ledger
        from gift_cards g
        where g.status <> 'pending' and g.payment_intent_id is not null and ${within(sql`g.paid_at`, window)}
          and (g.paid_at >= ${ledgerEpoch}
            or exists (select 1 from ledger_entries e where e.transaction_key = 'gift_card_issue:' || g.id))
        order by g.id`,
  );
  const differ = (check: "tip" | "gift_card") => (row: Row) =>
    num(row.expected) === num(row.ledger)
      ? []
      : [
          {
            check,
            subject: String(row.id),
            currency: text(row.currency),
            expectedMinor: num(row.expected),
            ledgerMinor: num(row.ledger),
          },
        ];
  return [...tips.flatMap(differ("tip")), ...cards.flatMap(differ("gift_card"))];
}

/**
 * The sandbox's payments against the ledger's, per payment intent: what each paid checkout took
 * less its refunds, and what the payer's lines of that payment say was taken less given back.
 * A paid checkout is expected in the ledger when what it paid for is (the booking of a booking's
 * or date change's checkout; a tip or gift card paid since the ledger began).
 */
async function sandboxPayments(db: Db, window: ReconcileWindow): Promise<LedgerDifference[]> {
  const scoped = window.from || window.to;
  const rows = await queryRows<Row>(
    db,
    sql`with sandbox as (
          select c.payment_intent_id as intent, c.currency,
            c.amount_minor - coalesce((select sum(r.amount_minor) from sandbox_refunds r
              where r.payment_intent_id = c.payment_intent_id), 0) as net,
            case when c.purchase_kind is null or c.purchase_kind = 'reschedule'
              then exists (select 1 from bookings b where b.id = c.booking_id and ${bookingInLedger})
              else c.completed_at >= ${ledgerEpoch} end as expected,
            ${scoped ? within(sql`c.completed_at`, window) : sql`true`} as in_window
          from sandbox_checkouts c where c.status = 'paid' and c.payment_intent_id is not null
        ), ledger as (
          select provider_ref as intent, min(currency) as currency, -sum(amount_minor) as net,
            ${scoped ? sql`bool_or(${within(sql`occurred_at`, window)})` : sql`true`} as in_window
          from ledger_entries where account = ${payments} and provider = 'sandbox' and provider_ref is not null
          group by provider_ref
        )
        select coalesce(s.intent, l.intent) as intent, coalesce(s.currency, l.currency) as currency,
          s.net as sandbox_net, l.net as ledger_net
        from sandbox s full join ledger l on l.intent = s.intent
        where coalesce(s.net, 0) <> coalesce(l.net, 0)
          and (l.intent is not null or s.expected)
          and (coalesce(s.in_window, false) or coalesce(l.in_window, false))
        order by 1`,
  );
  return rows.map((row) => ({
    check: "provider_payments",
    subject: String(row.intent),
    currency: text(row.currency),
    expectedMinor: num(row.sandbox_net),
    ledgerMinor: num(row.ledger_net),
    detail: "sandbox",
  }));
}

/** Stripe's payments the ledger names (the window's, at most PROVIDER_CHECKS_MAX): each asked of Stripe. */
async function stripePayments(db: Db, window: ReconcileWindow): Promise<LedgerDifference[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select provider_ref as intent, min(currency) as currency, -sum(amount_minor) as net
        from ledger_entries where account = ${payments} and provider = 'stripe' and provider_ref is not null
        group by provider_ref having bool_or(${within(sql`occurred_at`, window)})
        order by max(occurred_at) desc limit ${PROVIDER_CHECKS_MAX}`,
  );
  if (rows.length === 0) return [];
  const differences: LedgerDifference[] = [];
  try {
    const stripe = providerNamed("stripe");
    for (const row of rows) {
      const totals = await stripe.paymentTotals(db, String(row.intent));
      const providerNet = totals ? totals.paidMinor - totals.refundedMinor : 0;
      if (totals && providerNet === num(row.net)) continue;
      differences.push({
        check: "provider_payments",
        subject: String(row.intent),
        currency: text(row.currency),
        expectedMinor: providerNet,
        ledgerMinor: num(row.net),
        detail: totals ? "stripe" : "stripe: no such payment",
      });
    }
  } catch (error) {
    logger.warn({ err: errorFields(error) }, "ledger reconciliation could not ask Stripe");
    differences.push({
      check: "provider_unavailable",
      subject: "stripe",
      currency: null,
      expectedMinor: 0,
      ledgerMinor: 0,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  return differences;
}

/**
 * Reconciles the ledger (see the header): the differences found, none when all is right. With a
 * window, the movements in it (transactions by when they happened, bookings by their last change,
 * payments by when they were paid or moved); the whole ledger's sums always.
 */
export async function reconcileLedger(db: Db, window: ReconcileWindow = {}): Promise<LedgerDifference[]> {
  return [
    ...(await transactionSums(db, window)),
    ...(await bookingPayments(db, window)),
    ...(await purchases(db, window)),
    ...(await sandboxPayments(db, window)),
    ...(await stripePayments(db, window)),
  ];
}
