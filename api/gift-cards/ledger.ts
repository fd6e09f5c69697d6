/**
 * Gift cards' codes and ledger. A code is 16 characters of GIFT_CARD_ALPHABET (~79 random bits),
 * kept only as its SHA-256 and its last 4. The balance is the sum of the card's ledger rows; a
 * debit locks the card row (SELECT … FOR UPDATE) and reads the sum before writing, so concurrent
 * debits are serialised and the sum never goes below zero.
 */
import { createHash, randomInt } from "node:crypto";
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import type { Db } from "../db/client";
import {
  accounts,
  giftCardHolders,
  giftCards,
  giftCardTransactions,
  type GiftCardRow,
  type GiftCardStatus,
} from "../db/schema";
import { ApiError } from "../http/errors";
import { randomId } from "../ids";
import { clockNow } from "../clock";

/** Every failure to find or use a card reads the same: unknown, wrong store, malformed, not yet paid. */
export const giftCardInvalid = () =>
  new ApiError(404, "gift_card_invalid", "This gift card code is not valid here, or has no balance left.", {
    code: ["Check the code."],
  });

/**
 * A card that exists and may be used here, but in another currency than the booking's: said as
 * such (the holder of the code knows its currency already), with both currencies in the details.
 * Every other failure stays the uniform gift_card_invalid.
 */
export function giftCardCurrency(cardCurrency: string, currency: string) {
  const error = new ApiError(
    409,
    "gift_card_currency",
    `This gift card is in ${cardCurrency} and this experience is priced in ${currency}: the card pays for experiences priced in ${cardCurrency}.`,
    { code: [`This gift card is in ${cardCurrency}.`] },
  );
  error.details = { cardCurrency, currency };
  return error;
}

export function newGiftCardCode(): string {
  return Array.from(
    { length: GIFT_CARD_CODE_LENGTH },
    () => GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)],
  ).join("");
}

/** SHA-256 of the normalized code: high-entropy codes need no secret to be safe to store. */
export const hashGiftCardCode = (code: string) => createHash("sha256").update(code).digest("hex");

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

/**
 * Issues a card with its "issue" ledger row. Returns the code in clear: the one moment it exists,
 * for the recipient's email.
 */
export async function issueGiftCard(
  db: Db,
  input: {
    accountId: string | null;
    currency: string;
    amountMinor: number;
    purchaserId: string | null;
    recipientEmail: string;
    message?: string | null;
    deliverAt?: Date;
  },
): Promise<{ card: GiftCardRow; code: string }> {
  const code = newGiftCardCode();
  const id = randomId("gc_");
  return db.transaction(async (tx) => {
    const [card] = await tx
      .insert(giftCards)
      .values({
        id,
        accountId: input.accountId,
        currency: input.currency,
        codeHash: hashGiftCardCode(code),
        last4: code.slice(-4),
        amountMinor: input.amountMinor,
        paidAt: clockNow(),
        purchaserId: input.purchaserId,
        recipientEmail: input.recipientEmail,
        message: input.message ?? null,
        deliverAt: input.deliverAt ?? clockNow(),
        status: "active",
      })
      .returning();
    await tx.insert(giftCardTransactions).values({
      id: randomId("gct_"),
      giftCardId: id,
      kind: "issue",
      amountMinor: input.amountMinor,
      idempotencyKey: "issue",
    });
    return { card: card!, code };
  });
}

/**
 * The active card a typed code names, usable in this scope (a storefront's card only on that
 * storefront; a marketplace card everywhere), or the one uniform failure.
 */
export async function findUsableCard(db: Queryable, typed: string, accountId: string | null, lock = false) {
  const code = normalizeGiftCardCode(typed);
  if (!code) throw giftCardInvalid();
  const query = db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashGiftCardCode(code)));
  const [card] = lock ? await query.for("update") : await query;
  if (!card || card.status !== "active") throw giftCardInvalid();
  if (card.accountId !== null && card.accountId !== accountId) throw giftCardInvalid();
  return card;
}

/**
 * The active card of the caller's own (kept on their account, or sent to their email) with this id,
 * usable in this scope, locked for the debit; any other card is the one uniform failure.
 */
async function findOwnCard(
  tx: Tx,
  ref: { savedId: string; userId: string; email: string | null },
  accountId: string | null,
) {
  const [card] = await tx
    .select()
    .from(giftCards)
    .where(
      and(
        eq(giftCards.id, ref.savedId),
        or(
          sql`exists (select 1 from ${giftCardHolders} where ${giftCardHolders.giftCardId} = ${giftCards.id} and ${giftCardHolders.userId} = ${ref.userId})`,
          ref.email ? sql`lower(${giftCards.recipientEmail}) = lower(${ref.email})` : undefined,
        ),
      ),
    )
    .for("update");
  if (!card || card.status !== "active") throw giftCardInvalid();
  if (card.accountId !== null && card.accountId !== accountId) throw giftCardInvalid();
  return card;
}

/** Which card pays: a typed code, or one of the caller's own by id. */
export type GiftCardRef = { code: string } | { savedId: string; userId: string; email: string | null };

export async function giftCardBalanceMinor(db: Queryable, giftCardId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${giftCardTransactions.amountMinor}), 0)` })
    .from(giftCardTransactions)
    .where(eq(giftCardTransactions.giftCardId, giftCardId));
  return Number(row?.sum ?? 0);
}

/**
 * Takes up to `wantedMinor` from the card inside the caller's transaction (the one that holds the
 * seats): locks the card row, reads the ledger's sum and writes a "redeem" row of at most the
 * balance. Returns what was taken; an empty card is refused like an unknown one. Idempotent per booking.
 */
export async function debitGiftCard(
  tx: Tx,
  input: { card: GiftCardRef; accountId: string | null; currency: string; wantedMinor: number; bookingId: string },
): Promise<{ giftCardId: string; takenMinor: number }> {
  const card =
    "code" in input.card
      ? await findUsableCard(tx, input.card.code, input.accountId, true)
      : await findOwnCard(tx, input.card, input.accountId);
  if (card.currency !== input.currency) throw giftCardCurrency(card.currency, input.currency);
  const idempotencyKey = `redeem:${input.bookingId}`;
  // A repeated debit for the booking (a retried request) answers what the first one took.
  const [earlier] = await tx
    .select({ amountMinor: giftCardTransactions.amountMinor })
    .from(giftCardTransactions)
    .where(and(eq(giftCardTransactions.giftCardId, card.id), eq(giftCardTransactions.idempotencyKey, idempotencyKey)));
  if (earlier) return { giftCardId: card.id, takenMinor: -earlier.amountMinor };
  const balance = await giftCardBalanceMinor(tx, card.id);
  const taken = Math.min(balance, Math.max(0, input.wantedMinor));
  // An empty card reads as every other failure.
  if (taken <= 0) throw giftCardInvalid();
  await tx.insert(giftCardTransactions).values({
    id: randomId("gct_"),
    giftCardId: card.id,
    kind: "redeem",
    amountMinor: -taken,
    bookingId: input.bookingId,
    idempotencyKey,
  });
  return { giftCardId: card.id, takenMinor: taken };
}

/**
 * Gives back to the card(s) that paid a booking, up to what they paid less what was given back
 * already, at most `amountMinor`; returns what went back to cards (the rest is for the provider).
 * `key` makes one refund write once. `kind`: a refund of a confirmed booking, or the release of a
 * hold that was never paid.
 */
export async function refundToGiftCards(
  tx: Queryable,
  bookingId: string,
  amountMinor: number,
  key: string,
  kind: "refund" | "release" = "refund",
) {
  const paid = await tx
    .select({
      giftCardId: giftCardTransactions.giftCardId,
      net: sql<string>`-sum(${giftCardTransactions.amountMinor})`,
    })
    .from(giftCardTransactions)
    .where(and(eq(giftCardTransactions.bookingId, bookingId), sql`${giftCardTransactions.kind} <> 'issue'`))
    .groupBy(giftCardTransactions.giftCardId)
    .orderBy(asc(giftCardTransactions.giftCardId));
  let left = amountMinor;
  let back = 0;
  for (const row of paid) {
    const give = Math.min(left, Number(row.net));
    if (give <= 0) continue;
    const written = await tx
      .insert(giftCardTransactions)
      .values({
        id: randomId("gct_"),
        giftCardId: row.giftCardId,
        kind,
        amountMinor: give,
        bookingId,
        idempotencyKey: `${kind}:${key}`,
      })
      .onConflictDoNothing()
      .returning({ id: giftCardTransactions.id });
    if (written.length) {
      left -= give;
      back += give;
    }
  }
  return back;
}

/** What a booking's gift cards got back when its hold ended unpaid ("release" rows; refunds are not in it). */
export async function giftCardsReleasedOf(tx: Queryable, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ released: sql<string>`coalesce(sum(${giftCardTransactions.amountMinor}), 0)` })
    .from(giftCardTransactions)
    .where(and(eq(giftCardTransactions.bookingId, bookingId), eq(giftCardTransactions.kind, "release")));
  return Number(row?.released ?? 0);
}

/** The balance page's view: last 4, sum, history (oldest first). */
export async function giftCardView(db: Db, typed: string, accountId: string | null) {
  const card = await findUsableCard(db, typed, accountId);
  const [owner, rows] = await Promise.all([
    card.accountId
      ? db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, card.accountId))
      : Promise.resolve([]),
    db
      .select()
      .from(giftCardTransactions)
      .where(eq(giftCardTransactions.giftCardId, card.id))
      .orderBy(asc(giftCardTransactions.createdAt), asc(giftCardTransactions.id)),
  ]);
  return {
    last4: card.last4 ?? "",
    currency: card.currency,
    balanceMinor: rows.reduce((sum, row) => sum + row.amountMinor, 0),
    operatorName: owner[0]?.name ?? null,
    transactions: rows.map((row) => ({
      kind: row.kind,
      amountMinor: row.amountMinor,
      at: row.createdAt.toISOString(),
    })),
  };
}

/** Each card's balance (the sum of its ledger), as a subquery to join. */
function balances(db: Db) {
  return db
    .select({
      giftCardId: giftCardTransactions.giftCardId,
      balance: sql<string>`sum(${giftCardTransactions.amountMinor})`.as("balance"),
    })
    .from(giftCardTransactions)
    .groupBy(giftCardTransactions.giftCardId)
    .as("sums");
}

/** Paid cards only: a card whose checkout was never paid is nobody's. */
const paid = sql`${giftCards.status} <> 'pending'`;

/** What every list says of a paid card: its amounts in minor units, its status, who it is for and when. */
function listedCard(card: typeof giftCards.$inferSelect, balance: string | null) {
  return {
    id: card.id,
    last4: card.last4,
    currency: card.currency,
    amountMinor: card.amountMinor,
    balanceMinor: Number(balance ?? 0),
    status: card.status as Exclude<GiftCardStatus, "pending">,
    recipientEmail: card.recipientEmail,
    senderName: card.senderName,
    deliverAt: card.deliverAt.toISOString(),
    paidAt: card.paidAt?.toISOString() ?? null,
  };
}

/**
 * The paid cards a user bought, that were sent to their email or that they saved to their account
 * (addGiftCardToWallet), with balances: one query. `onlyId`: that card only.
 */
export async function myGiftCards(db: Db, user: { id: string; email: string | null }, onlyId?: string) {
  const sums = balances(db);
  const saved = sql<boolean>`exists (select 1 from ${giftCardHolders} where ${giftCardHolders.giftCardId} = ${giftCards.id} and ${giftCardHolders.userId} = ${user.id})`;
  const rows = await db
    .select({
      card: giftCards,
      balance: sums.balance,
      operatorName: accounts.name,
      saved,
    })
    .from(giftCards)
    .leftJoin(sums, eq(sums.giftCardId, giftCards.id))
    .leftJoin(accounts, eq(accounts.id, giftCards.accountId))
    .where(
      and(
        paid,
        onlyId === undefined ? undefined : eq(giftCards.id, onlyId),
        or(
          eq(giftCards.purchaserId, user.id),
          // A received card shows once delivered (before that it is a surprise).
          and(eq(giftCards.status, "active"), sql`lower(${giftCards.recipientEmail}) = lower(${user.email})`),
          saved,
        ),
      ),
    )
    .orderBy(desc(giftCards.createdAt), asc(giftCards.id));
  return rows.map(({ card, balance, operatorName, saved: isSaved }) => ({
    ...listedCard(card, balance),
    relation:
      card.purchaserId === user.id
        ? ("bought" as const)
        : isSaved && (card.recipientEmail ?? "").toLowerCase() !== (user.email ?? "").toLowerCase()
          ? ("saved" as const)
          : ("received" as const),
    operatorName,
  }));
}

/**
 * addGiftCardToWallet: keeps the card a typed code names (usable in this scope, as for paying) on
 * the user's account; true when it was added now, false when it was there already.
 */
export async function addGiftCardToWallet(db: Db, user: { id: string }, typed: string, accountId: string | null) {
  const card = await findUsableCard(db, typed, accountId);
  const added = await db
    .insert(giftCardHolders)
    .values({ giftCardId: card.id, userId: user.id })
    .onConflictDoNothing()
    .returning({ id: giftCardHolders.giftCardId });
  return { giftCardId: card.id, added: added.length > 0 };
}

/** GET /v1/operator/gift-cards: the operator's paid cards, newest first, with balances and sums. */
export async function operatorGiftCards(db: Db, account: { id: string; currency: string }) {
  const accountId = account.id;
  const sums = balances(db);
  const rows = await db
    .select({ card: giftCards, balance: sums.balance })
    .from(giftCards)
    .leftJoin(sums, eq(sums.giftCardId, giftCards.id))
    .where(and(eq(giftCards.accountId, accountId), paid))
    .orderBy(desc(giftCards.createdAt), asc(giftCards.id))
    .limit(500);
  const items = rows.map(({ card, balance }) => listedCard(card, balance));
  return {
    items,
    currency: account.currency,
    soldMinor: items.reduce((sum, item) => sum + item.amountMinor, 0),
    outstandingMinor: items.reduce((sum, item) => sum + item.balanceMinor, 0),
  };
}
