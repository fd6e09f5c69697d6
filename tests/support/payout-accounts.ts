import { eq } from "drizzle-orm";
import type { Db } from "~api/db/client";
import { accounts, payoutAccounts } from "~api/db/schema";
import { afterAll, beforeAll } from "vitest";
import { setPaymentProviderForTests } from "~api/payments";
import { createStripeProvider } from "~api/payments/stripe";
import { startFakeStripe, type FakeStripe, type StripeObject } from "./fake-stripe";
import { WEBHOOK_SECRET } from "./stripe-events";

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

/**
 * The file's payments go to a fake Stripe, started before its tests with the storefront's
 * connected account ready to take charges (with Stripe a storefront sells only through one), and
 * closed after them. Answers the fake (once the tests run).
 */
export function onFakeStripe(db: () => Db): () => FakeStripe {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    setPaymentProviderForTests(
      createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET, apiBase: fake.url }),
    );
    await connectOnStripe(db(), fake);
  });
  afterAll(async () => {
    setPaymentProviderForTests(undefined);
    await fake?.close();
  });
  return () => fake!;
}
