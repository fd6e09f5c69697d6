/**
 * The email to an operator's owners when one of its webhook subscriptions was disabled after a day
 * of failed attempts (written to the outbox in the transaction that disables it); a reseller's OCTO
 * subscription's goes to the reseller's contact instead.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, operatorMembers, resellers, users, type WebhookSubscriptionRow } from "../db/schema";
import { getApiEnv } from "../env";
import { composeEmail, platformBrand } from "../outbox/email-layout";
import { enqueueEmail } from "../outbox/service";

export async function tellOwnersDisabled(tx: Db, subscription: WebhookSubscriptionRow): Promise<void> {
  if (subscription.resellerId) return tellResellerDisabled(tx, subscription, subscription.resellerId);
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

/** A reseller's OCTO subscription disabled: its contact is told how to subscribe again. */
async function tellResellerDisabled(tx: Db, subscription: WebhookSubscriptionRow, resellerId: string): Promise<void> {
  const [reseller] = await tx
    .select({ email: resellers.contactEmail, name: resellers.name, operator: accounts.name })
    .from(resellers)
    .innerJoin(accounts, eq(accounts.id, resellers.accountId))
    .where(eq(resellers.id, resellerId));
  if (!reseller) return;
  await enqueueEmail(
    tx,
    composeEmail({
      to: reseller.email,
      subject: `OCTO webhook disabled: ${subscription.url}`,
      kind: "webhook_disabled",
      meta: { subscriptionId: subscription.id, accountId: subscription.accountId },
      brand: platformBrand(),
      paragraphs: [
        [`Hello ${reseller.name},`],
        [
          `Every attempt to deliver ${reseller.operator}’s booking_update notices to ${subscription.url} has failed for a day, so the webhook has been disabled and its waiting notices were given up.`,
        ],
        [`Why: ${subscription.disabledReason ?? "repeated failures"}`],
        ["Once the receiver answers again, create the webhook anew with POST /octo/webhooks."],
      ],
    }),
  );
}
