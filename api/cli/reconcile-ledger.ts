/**
 * `npm run admin -- reconcile-ledger [--days N]`: the nightly reconciliation (api/ledger/reconcile.ts)
 * run now, for an operator of the platform or a check after a load test. Writes nothing; a
 * difference is a CommandFailure (exit 1) that lists them.
 */
import { z } from "zod";
import { clockNow } from "../clock";
import { reconcileLedger, type LedgerDifference } from "../ledger/reconcile";
import { checkArguments } from "./arguments";
import { CommandFailure, withCommandDatabase } from "./database";

const DAY_MS = 86_400_000;

const options = z.object({
  days: z
    .string()
    .regex(/^\d{1,4}$/, "a whole number of days")
    .transform(Number)
    .pipe(z.number().min(1, "at least 1").max(3650, "at most 3650"))
    .optional(),
});

const line = (difference: LedgerDifference) =>
  `  ${difference.check} ${difference.subject}${difference.currency ? ` (${difference.currency})` : ""}: ` +
  `expected ${difference.expectedMinor}, the ledger says ${difference.ledgerMinor}` +
  (difference.detail ? ` — ${difference.detail}` : "");

export async function reconcileLedgerCommand(values: Record<string, string | boolean | undefined>): Promise<string> {
  const { days } = checkArguments(options, { days: values.days }, { days: "--days" });
  const window = days ? { from: new Date(clockNow().getTime() - days * DAY_MS) } : {};
  const differences = await withCommandDatabase(({ db }) => reconcileLedger(db, window));
  const span = days ? `the last ${days} day${days === 1 ? "" : "s"}` : "all movements";
  if (differences.length === 0) return `The ledger reconciles (${span}): no difference.`;
  throw new CommandFailure(
    `The ledger does not reconcile (${span}): ${differences.length} difference${differences.length === 1 ? "" : "s"}\n` +
      differences.map(line).join("\n"),
  );
}
