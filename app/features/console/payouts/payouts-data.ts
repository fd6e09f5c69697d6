import type { getZodConstraint } from "@conform-to/zod";
import type { MoneyStatement, OperatorBalance, PayoutsPage } from "~contract/payouts/money-outputs";
import type { PayoutAccountView } from "~contract/payouts/payout-account";

/**
 * The money page's data, as its loader gives it (./payouts.server.ts) and its sections read it:
 * each section its own key, so another section (the payout account's) joins with its own.
 */
export interface PayoutsPageData {
  /** The payout account and its onboarding (./payout-account-section.tsx). */
  payoutAccount: PayoutAccountView;
  /** The caller may start the provider's onboarding (the owner). */
  canStartOnboarding: boolean;
  /** Back from the provider's onboarding: finished ("done"; its news follows), or its link had expired ("again"). */
  returned: "done" | "again" | null;
  balance: OperatorBalance;
  payouts: PayoutsPage;
  /** The payouts list is past its first page. */
  paged: boolean;
  statement: MoneyStatement;
  /** The month asked for could not be read: this month's statement is shown instead. */
  invalidMonth: boolean;
  /** The caller may change the schedule (the owner); a manager reads it. */
  canManage: boolean;
  constraints: { schedule: ReturnType<typeof getZodConstraint> };
  title: string;
  flash: string | null;
}
