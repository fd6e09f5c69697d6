import { createHash } from "node:crypto";
import type { AccountRow, payoutAccounts } from "../schema";

/**
 * The demo operators' payout accounts (issue 45): sandbox accounts already onboarded (they take
 * charges and get payouts, nothing is needed), so `npm start` sells and pays out from the first
 * minute. Their ids are the sandbox's form (acct_sandbox_ and 16 characters), the same on every
 * seed. Operators made later (an approval, the command) start with none: their owner onboards from
 * the console (the sandbox still lets them sell meanwhile).
 */
export function seedPayoutAccounts(
  accounts: Array<Pick<AccountRow, "id">>,
  now: Date,
): Array<typeof payoutAccounts.$inferInsert> {
  return accounts.map((account) => ({
    accountId: account.id,
    provider: "sandbox" as const,
    providerAccountId: `acct_sandbox_${createHash("sha256").update(account.id).digest("hex").slice(0, 16)}`,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    requirements: [],
    disabledReason: null,
    providerUpdatedAt: now,
  }));
}
