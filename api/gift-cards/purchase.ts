/**
 * Buying a gift card: a pending card and a purchase checkout (POST /v1/gift-cards); the payment
 * schedules it (its price becomes the ledger's "issue" row); on its delivery date the due work
 * makes its code, keeps only the hash and last 4, and emails the code to the recipient. The code
 * therefore never exists before delivery and never rests in our tables.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  GIFT_CARD_DELIVERY_DAYS,
  GIFT_CARD_MAX_MINOR,
  GIFT_CARD_MIN_MINOR,
  type BuyGiftCardBody,
} from "~contract/gifts/requests";
import { formatMoney } from "~contract/money";
import { groupGiftCardCode } from "~contract/gifts/gift-cards";
import type { Db } from "../db/client";
import { accounts, giftCards, giftCardTransactions, users, type AccountRow, type GiftCardRow } from "../db/schema";
import { validationError } from "../http/errors";
import { randomId } from "../ids";
import { clockNow } from "../clock";
import { enqueueEmail } from "../outbox/service";
import { paymentProvider, paymentUnavailable } from "../payments";
import { MIN_CHECKOUT_MINUTES } from "../payments/provider";
import type { CheckoutHandler } from "../payments/checkout-handlers";
import { enforceRateLimits } from "../rate-limit/service";
import { requireUserRow } from "../users/service";
import { errorFields, logger } from "../logger";
import { giftCardDeliveryEmail, giftCardReceiptEmail } from "./emails";
import { hashGiftCardCode, newGiftCardCode } from "./ledger";
import { refuseSuspended } from "../accounts/status";
import { recordGiftCardSold } from "../ledger/record";

/** The currency of a marketplace card (good on any storefront that sells in it). */
export const MARKETPLACE_GIFT_CARD_CURRENCY = "USD";
/** Purchases one buyer may start per hour (each sends email once paid). */
export const GIFT_CARD_PURCHASES_PER_HOUR = 10;
/** The local hour a card is emailed on its delivery date. */
const DELIVERY_HOUR = 8;
/** How long a gift card's checkout stays payable. */
const CHECKOUT_MINUTES = MIN_CHECKOUT_MINUTES + 30;
/** Cards one due-work run delivers at most; the next run takes the rest. */
const BATCH = 100;

const badDate = (message: string) => validationError({ deliverOn: [message] }, message);

/** 08:00 on the chosen day in the buyer's zone; now when that has passed today; refused before today or past a year. */
export function deliveryMoment(body: Pick<BuyGiftCardBody, "deliverOn" | "timeZone">, now = clockNow()): Date {
  if (!body.deliverOn) return now;
  const zone = body.timeZone ?? "UTC";
  const at = DateTime.fromISO(`${body.deliverOn}T${String(DELIVERY_HOUR).padStart(2, "0")}:00`, { zone });
  if (!at.isValid) throw badDate("Choose a date.");
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  if (at.startOf("day") < today) throw badDate("Choose today or a later date.");
  if (at > today.plus({ days: GIFT_CARD_DELIVERY_DAYS })) throw badDate("Choose a date within a year.");
  return at.toMillis() <= now.getTime() ? now : at.toJSDate();
}

/** GET /v1/gift-cards/offer */
export function giftCardOffer(scope: AccountRow | null) {
  return {
    currency: scope?.currency ?? MARKETPLACE_GIFT_CARD_CURRENCY,
    minMinor: GIFT_CARD_MIN_MINOR,
    maxMinor: GIFT_CARD_MAX_MINOR,
    presetsMinor: [2_500, 5_000, 10_000, 20_000],
    deliveryDays: GIFT_CARD_DELIVERY_DAYS,
    operatorName: scope?.name ?? null,
  };
}

export interface BuyGiftCardInput {
  uid: string;
  scope: AccountRow | null;
  body: BuyGiftCardBody;
  origin: string;
}

/** POST /v1/gift-cards: a pending card and its checkout for exactly the amount. */
export async function buyGiftCard(db: Db, input: BuyGiftCardInput) {
  const { body, scope } = input;
  // A storefront's card is spent with its operator alone: a suspended one sells none (the tenant row, no query).
  if (scope) refuseSuspended(scope);
  const user = await requireUserRow(db, input.uid);
  await enforceRateLimits([
    { key: `gift-card:buy:${user.id}`, limit: GIFT_CARD_PURCHASES_PER_HOUR, windowSeconds: 3600 },
  ]);
  const deliverAt = deliveryMoment(body);
  const currency = scope?.currency ?? MARKETPLACE_GIFT_CARD_CURRENCY;
  const id = randomId("gc_");
  const back = new URL(body.returnPath ?? "/gift-cards?bought=1", input.origin).toString();
  await db.insert(giftCards).values({
    id,
    accountId: scope?.id ?? null,
    currency,
    amountMinor: body.amountMinor,
    purchaserId: user.id,
    recipientEmail: body.recipientEmail,
    recipientName: body.recipientName || null,
    senderName: body.senderName,
    message: body.message || null,
    deliverAt,
    origin: input.origin,
    status: "pending",
  });
  const provider = paymentProvider();
  let session;
  try {
    session = await provider.createPurchaseCheckout(
      db,
      {
        kind: "gift_card",
        id,
        bookingId: null,
        title: `${scope ? `${scope.name} gift card` : "Gift card"} (${formatMoney(body.amountMinor, currency)})`,
        amountMinor: body.amountMinor,
        currency,
        customerEmail: user.email,
        expiresAt: new Date(clockNow().getTime() + CHECKOUT_MINUTES * 60_000),
        // The platform holds every gift card's money until it is spent: its own charge.
        connect: null,
      },
      { successUrl: back, cancelUrl: new URL("/gift-cards", input.origin).toString() },
    );
  } catch (error) {
    logger.error({ giftCardId: id, err: errorFields(error) }, "gift card checkout could not be created");
    throw paymentUnavailable();
  }
  await db
    .update(giftCards)
    .set({ paymentProvider: provider.name, paymentSessionId: session.sessionId })
    .where(eq(giftCards.id, id));
  return { id, checkoutUrl: session.url, deliverAt: deliverAt.toISOString() };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function operatorOf(tx: Tx, card: GiftCardRow): Promise<AccountRow | null> {
  if (!card.accountId) return null;
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, card.accountId));
  return account ?? null;
}

/** Makes the card's code (kept as its hash and last 4), activates it and emails the code; the card row is locked. */
async function deliver(tx: Tx, card: GiftCardRow): Promise<void> {
  const code = newGiftCardCode();
  await tx
    .update(giftCards)
    .set({ codeHash: hashGiftCardCode(code), last4: code.slice(-4), status: "active", deliveredAt: sql`app_now()` })
    .where(eq(giftCards.id, card.id));
  await enqueueEmail(
    tx,
    giftCardDeliveryEmail({
      card,
      code: groupGiftCardCode(code),
      operator: await operatorOf(tx, card),
      origin: card.origin ?? "http://localhost",
    }),
  );
}

/** The payments port: a gift card's checkout was paid. Scheduled once (its "issue" row), delivered now if due. */
export const giftCardPaid: CheckoutHandler = async (db, event) => {
  if (event.purchase?.kind !== "gift_card") return "ignored";
  const giftCardId = event.purchase.id;
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, giftCardId)).for("update");
    if (!card) return "ignored";
    if (card.status !== "pending") return "already_confirmed";
    await tx
      .update(giftCards)
      .set({ status: "scheduled", paidAt: sql`app_now()`, paymentIntentId: event.paymentIntentId })
      .where(eq(giftCards.id, card.id));
    await tx
      .insert(giftCardTransactions)
      .values({
        id: randomId("gct_"),
        giftCardId: card.id,
        kind: "issue",
        amountMinor: card.amountMinor,
        idempotencyKey: "issue",
      })
      .onConflictDoNothing();
    await recordGiftCardSold(tx, card, event.paymentIntentId);
    const [buyer] = card.purchaserId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, card.purchaserId))
      : [];
    const operator = await operatorOf(tx, card);
    const dueNow = card.deliverAt.getTime() <= clockNow().getTime();
    if (buyer?.email)
      await enqueueEmail(
        tx,
        giftCardReceiptEmail({
          card,
          to: buyer.email,
          operator,
          origin: card.origin ?? "http://localhost",
          deliveredNow: dueNow,
        }),
      );
    if (dueNow) await deliver(tx, card);
    return "confirmed";
  });
};

/** The due work's step: paid cards whose delivery moment has come get their code and their email, once. */
export async function deliverDueGiftCards(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.status, "scheduled"), lte(giftCards.deliverAt, sql`app_now()`)))
      .orderBy(giftCards.deliverAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const card of due) await deliver(tx, card);
    return due.length;
  });
}
