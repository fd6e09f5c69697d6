import type { Db } from "../db/client";
import { ledgerEntries, type LedgerKind } from "../db/schema";

export interface LedgerLine {
  account: string;
  /** Signed, in the currency's minor units; lines of zero are left out. */
  amountMinor: number;
}

export interface LedgerTransaction {
  /**
   * Names the movement once and for all (e.g. `charge:<bookingId>`, `refund:<refundId>`): posting
   * the same key again writes nothing, so a replayed event or a retried job never counts twice.
   */
  key: string;
  kind: LedgerKind;
  currency: string;
  operatorId: string | null;
  bookingId?: string | null;
  payoutId?: string | null;
  provider?: string | null;
  /** The provider's id of the movement (payment intent, refund, payout). */
  providerRef?: string | null;
  /** When it happened; the product's clock (app_now()) when not given. */
  at?: Date;
  lines: LedgerLine[];
}

/** A transaction whose lines do not sum to zero: a bug in the caller, never written. */
export class UnbalancedLedgerError extends Error {
  constructor(key: string, offBy: number) {
    super(`ledger transaction ${key} does not balance (off by ${offBy})`);
    this.name = "UnbalancedLedgerError";
  }
}

/**
 * Writes one money movement as double-entry lines, in the caller's transaction (`db`), so it is
 * kept exactly when the change it records is. Idempotent by `key`: answers false when the key was
 * posted before. The database checks again, at commit, that each transaction sums to zero.
 */
export async function postLedger(db: Db, transaction: LedgerTransaction): Promise<boolean> {
  const lines = transaction.lines.filter((line) => line.amountMinor !== 0);
  const offBy = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  if (offBy !== 0) throw new UnbalancedLedgerError(transaction.key, offBy);
  for (const line of lines)
    if (!Number.isSafeInteger(line.amountMinor)) throw new Error(`ledger amount ${line.amountMinor} is not whole`);
  if (lines.length === 0) return false;
  const written = await db
    .insert(ledgerEntries)
    .values(
      lines.map((line, index) => ({
        transactionKey: transaction.key,
        line: index + 1,
        kind: transaction.kind,
        account: line.account,
        amountMinor: line.amountMinor,
        currency: transaction.currency,
        operatorId: transaction.operatorId,
        bookingId: transaction.bookingId ?? null,
        payoutId: transaction.payoutId ?? null,
        provider: transaction.provider ?? null,
        providerRef: transaction.providerRef ?? null,
        ...(transaction.at ? { occurredAt: transaction.at } : {}),
      })),
    )
    .onConflictDoNothing({ target: [ledgerEntries.transactionKey, ledgerEntries.line] })
    .returning({ id: ledgerEntries.id });
  return written.length > 0;
}

/**
 * Splits an amount between the operator and the platform's commission, rounding the commission
 * half up to the minor unit: what the operator gets is always the rest, so the two sum exactly.
 */
export function splitCommission(amountMinor: number, commissionBps: number): { commission: number; operator: number } {
  const sign = amountMinor < 0 ? -1 : 1;
  const commission = sign * Math.floor((Math.abs(amountMinor) * commissionBps + 5_000) / 10_000);
  return { commission, operator: amountMinor - commission };
}
