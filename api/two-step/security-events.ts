import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { securityEvents, users } from "../db/schema";
import { composeEmail, platformBrand } from "../outbox/email-layout";
import { enqueueEmail } from "../outbox/service";
import { securityEmail, type SecurityAction } from "./emails";

export type { SecurityAction };

/**
 * A row of the user's security log and its email, in the caller's transaction (the outbox is
 * transactional: the email exists exactly when the change does). `actorId` when someone else
 * acted (an owner's reset); `clientAddress` the caller's IP ("unknown" when it cannot be told).
 */
export async function recordSecurityEvent(
  db: Db,
  event: {
    userId: string;
    action: SecurityAction;
    detail?: Record<string, string | null>;
    actorId?: string | null;
    clientAddress: string;
  },
): Promise<void> {
  const detail = event.detail ?? {};
  await db.insert(securityEvents).values({
    userId: event.userId,
    action: event.action,
    detail,
    actorId: event.actorId ?? null,
    clientAddress: event.clientAddress,
  });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, event.userId)).limit(1);
  if (!user?.email) return;
  const brand = platformBrand();
  await enqueueEmail(
    db,
    composeEmail({
      to: user.email,
      ...securityEmail(event.action, detail, brand),
      brand,
      kind: `security_${event.action}`,
      meta: { action: event.action },
    }),
  );
}
