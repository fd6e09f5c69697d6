import { and, desc, eq, sql } from "drizzle-orm";
import type { CardDetails, SavedCard } from "~contract/bookings/cards";
import type { Db } from "../db/types";
import { paymentMethods, users, type PaymentMethodRow } from "../db/schema";
import { randomId } from "../ids";
import { notFound } from "../http/errors";
import { requireUserRow } from "../users/service";
import { clockNow } from "../clock";

export const paymentMethodNotFound = () => notFound("No such saved card.", "payment_method_not_found");

/** Still usable at the end of its expiry month (UTC). */
export function cardExpired(card: Pick<PaymentMethodRow, "expMonth" | "expYear">, now = clockNow()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}

function toSavedCard(row: PaymentMethodRow): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    expired: cardExpired(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /v1/user/payment-methods: the caller's saved cards, the default first, then newest first. */
export async function listSavedCards(db: Db, userId: string): Promise<SavedCard[]> {
  await requireUserRow(db, userId);
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(toSavedCard);
}

/** The caller's own card (404 for anyone else's). */
export async function ownCard(db: Db, userId: string, id: string): Promise<PaymentMethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .limit(1);
  if (!row) throw paymentMethodNotFound();
  return row;
}

/**
 * Keeps a card that just paid (the guest ticked "save"). The first card becomes the default;
 * the same provider card saved again is kept once. Runs in the fulfilment transaction.
 */
export async function saveCard(db: Db, userId: string, provider: string, card: CardDetails): Promise<void> {
  const [existingDefault] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)))
    .limit(1);
  await db
    .insert(paymentMethods)
    .values({
      id: randomId("pm_", 20),
      userId,
      provider,
      providerRef: card.providerRef,
      providerCustomer: card.providerCustomer ?? null,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: !existingDefault,
    })
    .onConflictDoNothing();
  await db
    .update(users)
    .set({ hasPaymentMethod: true, updatedAt: sql`app_now()` })
    .where(eq(users.id, userId));
}

/** PUT /v1/user/payment-methods/{id}/default */
export async function setDefaultCard(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await ownCard(tx, userId, id);
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
  });
}

/**
 * DELETE /v1/user/payment-methods/{id}: forgets the card. When it was the default, the newest
 * other card becomes the default; with no card left the profile no longer has a payment method.
 */
export async function removeCard(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const card = await ownCard(tx, userId, id);
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
    const [next] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
      .limit(1);
    if (card.isDefault && next) {
      await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    }
    if (!next) {
      await tx
        .update(users)
        .set({ hasPaymentMethod: false, updatedAt: sql`app_now()` })
        .where(eq(users.id, userId));
    }
  });
}
