import { observedGauge } from "~runtime/metrics.mjs";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { logger } from "../logger";
import { reconcileLedger, type LedgerDifference } from "./reconcile";

/** The nightly run looks at the movements of these last days (the whole ledger's sums always). */
export const RECONCILE_DAYS = 7;
/** Differences written in the alert line at most. */
const LOGGED = 5;

/** The last run's count in this process (undefined: none yet, nothing reported). */
let lastDifferences: number | undefined;

observedGauge({
  name: "ledger_reconciliation_differences",
  help: "Differences the last ledger reconciliation found (0: the ledger agrees with itself, the bookings and the payment provider).",
  read: () => lastDifferences,
});

/**
 * The `ledger-reconcile` job (nightly, api/jobs/runner.ts): reconciles the last RECONCILE_DAYS,
 * sets the metric, and writes one error line with the first differences when there are any.
 */
export async function runLedgerReconciliation(db: Db): Promise<LedgerDifference[]> {
  const from = new Date(clockNow().getTime() - RECONCILE_DAYS * 86_400_000);
  const differences = await reconcileLedger(db, { from });
  lastDifferences = differences.length;
  if (differences.length > 0)
    logger.error(
      { count: differences.length, differences: differences.slice(0, LOGGED) },
      "ledger reconciliation found differences",
    );
  else logger.info({ from: from.toISOString() }, "ledger reconciled: no differences");
  return differences;
}
