import { and, eq, gt, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Promo } from "~contract/bookings/pricing";
import type { Db } from "../db/client";
import { promoCodes, type AccountRow, type PromoCodeRow } from "../db/schema";
import { normalizePromoCode, PROMO_CODE_PATTERN, type PromoCodeView } from "~contract/bookings/promo";

/**
 * Whether a code can be used now with this operator: for every operator or this one, inside
 * its dates, redemptions left, and an amount discount only in the operator's currency.
 */
function usableWith(account: Pick<AccountRow, "id" | "currency"> | null): SQL {
  return and(
    account ? or(isNull(promoCodes.accountId), eq(promoCodes.accountId, account.id)) : isNull(promoCodes.accountId),
    or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, sql`app_now()`)),
    or(isNull(promoCodes.validTo), gt(promoCodes.validTo, sql`app_now()`)),
    or(isNull(promoCodes.maxRedemptions), sql`${promoCodes.redemptions} < ${promoCodes.maxRedemptions}`),
    or(isNull(promoCodes.amountOffMinor), account ? eq(promoCodes.currency, account.currency) : sql`false`),
  )!;
}

/** The code when it is usable now with this operator (null account: codes for every operator only). */
export async function findUsablePromo(
  db: Db,
  code: string,
  account: Pick<AccountRow, "id" | "currency"> | null,
): Promise<PromoCodeRow | null> {
  const normalized = normalizePromoCode(code);
  if (!PROMO_CODE_PATTERN.test(normalized)) return null;
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.code, normalized), usableWith(account)))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one booking against the code, if it is still usable (a conditional update: two
 * bookings never take the last redemption both). Returns false when it is not.
 */
export async function redeemPromo(
  db: Db,
  code: string,
  account: Pick<AccountRow, "id" | "currency">,
): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(and(eq(promoCodes.code, code), usableWith(account)))
    .returning({ code: promoCodes.code });
  return rows.length > 0;
}

/** A booking that counted against the code stopped counting (expired, failed, cancelled, refunded). */
export async function releasePromo(db: Db, code: string): Promise<void> {
  await db
    .update(promoCodes)
    .set({ redemptions: sql`greatest(${promoCodes.redemptions} - 1, 0)` })
    .where(eq(promoCodes.code, code));
}

/** A late payment re-confirmed a booking: it counts again, whatever the limit (it was paid at that price). */
export async function recountPromo(db: Db, code: string): Promise<void> {
  await db
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(eq(promoCodes.code, code));
}

export function toPricingPromo(row: PromoCodeRow): Promo {
  return { code: row.code, percentOff: row.percentOff, amountOffMinor: row.amountOffMinor };
}

export function toPromoCodeView(row: PromoCodeRow): PromoCodeView {
  return { code: row.code, percentOff: row.percentOff, amountOffMinor: row.amountOffMinor };
}
