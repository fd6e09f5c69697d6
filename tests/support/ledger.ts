import { sql } from "drizzle-orm";
import { afterEach, expect } from "vitest";
import type { Db } from "~api/db/client";
import { queryRows } from "~api/db/rows";
import { reconcileLedger } from "~api/ledger/reconcile";

/**
 * The money ledger is right: reconciliation finds no difference (every transaction and the whole
 * ledger sum to zero, bookings, tips and gift cards agree with it, and so does the payment
 * provider), and, asked directly of the table, every transaction and every currency sums to zero.
 */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  expect(await reconcileLedger(db)).toEqual([]);
  const unbalanced = await queryRows<{ key: string; currency: string; total: string }>(
    db,
    sql`select transaction_key as key, currency, sum(amount_minor)::text as total from ledger_entries
        group by rollup (currency, transaction_key) having sum(amount_minor) <> 0`,
  );
  expect(unbalanced).toEqual([]);
}

/** For a money suite, at the top of its file: after each of its tests the ledger is right. */
export function checkLedgerAfterEach(db: () => Db): void {
  afterEach(async () => {
    await expectLedgerBalanced(db());
  });
}
