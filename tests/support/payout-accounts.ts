import { eq } from "drizzle-orm";
import type { Db } from "~api/db/client";
import { accounts, payoutAccounts } from "~api/db/schema";
import type { FakeStripe, StripeObject } from "./fake-stripe";

/**
 * Makes `slug`'s payout account a Stripe Connect account of the fake (charges and payouts enabled
 * unless `fields` say otherwise), as an owner's finished onboarding leaves it: what a storefront
 * needs to sell with Stripe. Answers the account's id (the destination of its charges).
 */
export async function connectOnStripe(
  db: Db,
  fake: FakeStripe,
  slug = "acme",
  fields: StripeObject = {},
): Promise<string> {
  const account = fake.addAccount(fields);
  const [operator] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.slug, slug));
  const row = {
    provider: "stripe" as const,
    providerAccountId: account.id as string,
    chargesEnabled: account.charges_enabled as boolean,
    payoutsEnabled: account.payouts_enabled as boolean,
    detailsSubmitted: account.details_submitted as boolean,
    requirements: [] as string[],
    disabledReason: null,
    providerUpdatedAt: null,
  };
  await db
    .insert(payoutAccounts)
    .values({ accountId: operator.id, ...row })
    .onConflictDoUpdate({ target: payoutAccounts.accountId, set: row });
  return account.id as string;
}

/** The operator's payout account row (null: none). */
export async function payoutAccountRow(db: Db, accountId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId));
  return row ?? null;
}
