import { guestEmailOf } from "../bookings/booking-mail";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { TIP_KEY_PATTERN, type TipListItem, type TipPage, type TipPreset, type TipView } from "~contract/gifts/tips";
import type { Db } from "../db/client";
import { bookings, experiences, tips, type TipRow } from "../db/schema";
import { findBookingView, type BookingViewRow } from "../bookings/view";
import { bookingReference } from "../ids";
import { randomId } from "../ids";
import { ApiError, conflict, notFound } from "../http/errors";
import { addNotification } from "../notifications/service";
import { paymentProvider, providerNamed } from "../payments/index";
import { destinationCharge, saleDestination } from "../payments/payout-accounts";
import type { CheckoutHandler } from "../payments/checkout-handlers";
import type { CardDetails } from "~contract/bookings/cards";
import { errorFields, logger } from "../logger";
import { clockNow } from "../clock";
import { recordTipPaid } from "../ledger/record";

/** 192 random bits, URL-safe: 32 characters. */
export function newTipAccessKey(): string {
  return randomBytes(24).toString("base64url");
}

/** Keys are stored hashed: a database leak does not hand out tip links. */
export function hashTipKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export const tipPath = (key: string) => `/gratuity/${key}`;

const PERCENTS = [15, 18, 20];
/** For a free booking: fixed amounts, in minor units. */
const FIXED = [500, 1000, 2000];
export const MIN_TIP_MINOR = 100;

function bounds(totalMinor: number) {
  // Up to the booking's price, or 200 in its currency for an inexpensive or free one.
  return { minMinor: MIN_TIP_MINOR, maxMinor: Math.max(totalMinor, 20_000) };
}

function presetsFor(totalMinor: number): TipPreset[] {
  if (totalMinor <= 0) return FIXED.map((amountMinor) => ({ percent: null, amountMinor }));
  return PERCENTS.map((percent) => ({
    percent,
    amountMinor: Math.max(MIN_TIP_MINOR, Math.round((totalMinor * percent) / 100)),
  }));
}

const tipNotFound = () => notFound("This tip link is not valid.", "tip_not_found");

/** The booking a tip link opens: unknown and malformed keys are the same 404. */
async function bookingByKey(db: Db, key: string): Promise<BookingViewRow> {
  if (!TIP_KEY_PATTERN.test(key)) throw tipNotFound();
  const [found] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.tipKeyHash, hashTipKey(key)))
    .limit(1);
  const row = found ? await findBookingView(db, found.id) : null;
  if (!row) throw tipNotFound();
  return row;
}

async function tipOf(db: Db, bookingId: string): Promise<TipRow | null> {
  const [row] = await db.select().from(tips).where(eq(tips.bookingId, bookingId)).limit(1);
  return row ?? null;
}

function tipView(row: TipRow): TipView {
  return {
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
  };
}

/** GET /v1/gratuity/{accessKey}: the booking, the presets, and the tip given if any. */
export async function tipPage(db: Db, key: string): Promise<TipPage> {
  const row = await bookingByKey(db, key);
  let tip = await tipOf(db, row.booking.id);
  if (tip?.status === "pending" && tip.paymentSessionId) tip = (await refreshTip(db, tip)) ?? tip;
  return {
    booking: {
      reference: bookingReference(row.booking.id),
      experienceTitle: row.experienceTitle,
      serviceName: row.serviceName,
      operatorName: row.operatorName,
      startsAt: row.startsAt.toISOString(),
      timezone: row.timezone,
      guide: null,
    },
    currency: row.booking.currency,
    presets: presetsFor(row.booking.totalMinor),
    ...bounds(row.booking.totalMinor),
    tip: tip ? tipView(tip) : null,
  };
}

/**
 * POST /v1/gratuity/{accessKey} { amount }: a checkout for the tip. One tip per booking: a paid
 * one is `409 tip_already_given`; an unpaid one takes the new amount (its old checkout is
 * closed). The guest comes back to the tip page.
 */
export async function startTip(db: Db, key: string, amountMinor: number): Promise<{ checkoutUrl: string }> {
  const row = await bookingByKey(db, key);
  const { minMinor, maxMinor } = bounds(row.booking.totalMinor);
  if (amountMinor < minMinor || amountMinor > maxMinor) {
    throw new ApiError(
      422,
      "tip_amount_out_of_range",
      `Choose a tip between ${minMinor} and ${maxMinor} (minor units).`,
      {
        amount: [`Between ${minMinor} and ${maxMinor}.`],
      },
    );
  }
  const provider = paymentProvider();
  // A tip goes to the operator whole: a destination charge without fee (with Stripe, its account must take charges).
  const connect = destinationCharge(await saleDestination(db, row.booking.accountId), 0);
  const guestEmail = await guestEmailOf(db, row.booking);
  const path = tipPath(key);
  const origin = row.booking.origin;
  return db.transaction(async (tx) => {
    // One writer per booking at a time (two tabs, a double click).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tip:${row.booking.id}`}))`);
    const existing = await tipOf(tx, row.booking.id);
    if (existing?.status === "paid")
      throw conflict("A tip was already given for this booking. Thank you!", "tip_already_given");
    if (existing?.paymentSessionId && existing.paymentProvider) {
      await providerNamed(existing.paymentProvider)
        .closeCheckout(tx, existing.paymentSessionId)
        .catch((error: unknown) => logger.warn({ err: errorFields(error) }, "could not close an earlier tip checkout"));
    }
    const id = existing?.id ?? randomId("tip_");
    const session = await provider.createPurchaseCheckout(
      tx,
      {
        kind: "tip",
        id,
        bookingId: row.booking.id,
        title: `Tip for ${row.experienceTitle}`,
        amountMinor,
        currency: row.booking.currency,
        customerEmail: guestEmail,
        expiresAt: new Date(clockNow().getTime() + TIP_CHECKOUT_MINUTES * 60_000),
        connect,
      },
      { successUrl: new URL(`${path}?paid=1`, origin).toString(), cancelUrl: new URL(path, origin).toString() },
    );
    const values = {
      amountMinor,
      currency: row.booking.currency,
      status: "pending" as const,
      paymentProvider: provider.name,
      paymentSessionId: session.sessionId,
      updatedAt: sql`app_now()`,
    };
    if (existing) await tx.update(tips).set(values).where(eq(tips.id, id));
    else await tx.insert(tips).values({ id, bookingId: row.booking.id, userId: row.booking.userId, ...values });
    return { checkoutUrl: session.url };
  });
}

/** A provider says the tip's checkout was paid: the tip is paid, once; the guest is thanked. */
export async function fulfilTip(
  db: Db,
  tipId: string,
  payment: { sessionId: string | null; paymentIntentId: string | null; card: CardDetails | null },
): Promise<"paid" | "ignored"> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(tips)
      .set({
        status: "paid",
        paidAt: sql`app_now()`,
        paymentIntentId: payment.paymentIntentId,
        cardBrand: payment.card?.brand ?? null,
        cardLast4: payment.card?.last4 ?? null,
        updatedAt: sql`app_now()`,
      })
      .where(
        and(
          eq(tips.id, tipId),
          eq(tips.status, "pending"),
          ...(payment.sessionId ? [eq(tips.paymentSessionId, payment.sessionId)] : []),
        ),
      )
      .returning();
    if (!paid) return "ignored";
    await recordTipPaid(tx, paid, payment.paymentIntentId);
    const row = await findBookingView(tx, paid.bookingId);
    await addNotification(tx, {
      userId: paid.userId,
      kind: "tip_paid",
      title: "Thank you for your tip",
      body: row ? `Your tip for ${row.experienceTitle} goes to ${row.operatorName}.` : "Your tip was received.",
      link: "/account/payments",
    });
    return "paid";
  });
}

/** How long a tip's checkout stays payable. */
export const TIP_CHECKOUT_MINUTES = 60;

/** The payments port: a tip's checkout was paid (its failure or expiry changes nothing: the tip stays pending). */
export const tipPaid: CheckoutHandler = async (db, event) => {
  if (event.purchase?.kind !== "tip") return "ignored";
  const card = await event.paidCard();
  const paid = await fulfilTip(db, event.purchase.id, {
    sessionId: event.sessionId,
    paymentIntentId: event.paymentIntentId,
    card,
  });
  return paid === "paid" ? "confirmed" : "ignored";
};

/** A pending tip whose checkout may have been paid without its event reaching us yet. */
async function refreshTip(db: Db, tip: TipRow): Promise<TipRow | null> {
  try {
    const state = await providerNamed(tip.paymentProvider!).getCheckout(db, tip.paymentSessionId!);
    if (state.status !== "paid") return null;
    await fulfilTip(db, tip.id, {
      sessionId: tip.paymentSessionId,
      paymentIntentId: state.paymentIntentId,
      card: state.card,
    });
    return await tipOf(db, tip.bookingId);
  } catch (error) {
    logger.warn({ tipId: tip.id, err: errorFields(error) }, "tip payment status unavailable");
    return null;
  }
}

/** GET /v1/user/tips: the guest's paid tips, newest first. */
export async function listTips(db: Db, userId: string): Promise<TipListItem[]> {
  const rows = await db
    .select({ tip: tips, experienceTitle: experiences.title })
    .from(tips)
    .innerJoin(bookings, eq(bookings.id, tips.bookingId))
    .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
    .where(and(eq(tips.userId, userId), eq(tips.status, "paid")))
    .orderBy(desc(tips.paidAt))
    .limit(100);
  return rows.map(({ tip, experienceTitle }) => ({
    id: tip.id,
    bookingId: tip.bookingId,
    reference: bookingReference(tip.bookingId),
    experienceTitle,
    amountMinor: tip.amountMinor,
    currency: tip.currency,
    paidAt: tip.paidAt!.toISOString(),
    card: tip.cardBrand && tip.cardLast4 ? { brand: tip.cardBrand, last4: tip.cardLast4 } : null,
  }));
}
