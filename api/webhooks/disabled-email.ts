/**
 * The email to an operator's owners when one of its webhook subscriptions was disabled after a day
 * of failed attempts (written to the outbox in the transaction that disables it).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, operatorMembers, users, type WebhookSubscriptionRow } from "../db/schema";
import { getApiEnv } from "../env";
import { composeEmail, platformBrand } from "../outbox/email-layout";
import { enqueueEmail } from "../outbox/service";

export async function tellOwnersDisabled(tx: Db, subscription: WebhookSubscriptionRow): Promise<void> {
  const owners = await tx
    .select({ email: users.email, firstName: users.firstName, operator: accounts.name })
    .from(operatorMembers)
    .innerJoin(users, eq(users.id, operatorMembers.userId))
    .innerJoin(accounts, eq(accounts.id, operatorMembers.accountId))
    .where(and(eq(operatorMembers.accountId, subscription.accountId), eq(operatorMembers.role, "owner")));
  const origin = getApiEnv().APP_PUBLIC_URL;
  const page = origin ? new URL("/console/webhooks", origin).toString() : null;
  for (const owner of owners) {
    if (!owner.email) continue;
    await enqueueEmail(
      tx,
      composeEmail({
        to: owner.email,
        subject: `Webhook disabled: ${subscription.url}`,
        kind: "webhook_disabled",
        meta: { subscriptionId: subscription.id, accountId: subscription.accountId },
        brand: platformBrand(),
        paragraphs: [
          [owner.firstName ? `Hello ${owner.firstName},` : "Hello,"],
          [
            `Every attempt to deliver ${owner.operator}’s webhook events to ${subscription.url} has failed for a day, so the subscription has been disabled and its waiting events were given up.`,
          ],
          [`Why: ${subscription.disabledReason ?? "repeated failures"}`],
          [
            "Once the receiver answers again, add the subscription anew in the console under Webhooks; the delivery log there shows each attempt and its answer.",
          ],
        ],
        ...(page ? { action: { label: "Open webhooks", href: page } } : {}),
      }),
    );
  }
}
