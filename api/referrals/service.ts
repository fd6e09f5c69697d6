import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  normalizeReferralCode,
  REFERRAL_CODE_PATTERN,
  type MyReferral,
  type QuoteReferral,
  type ReferralInvite,
  type ReferralOffer,
  type ReferralRefusal,
} from "~contract/gifts/referrals";
import type { Db } from "../db/client";
import { bookings, promoCodes, referrals, users } from "../db/schema";
import { notFound } from "../http/errors";
import { readableCode } from "../ids";

/** The invited guest's first booking: 10 % off, at most 20 in its currency. */
export const REFERRAL_OFFER: ReferralOffer = { percentOff: 10, maxDiscountMinor: 2_000 };
/** The inviter's reward once that trip has taken place: a single-use 10 % promo code, valid a year. */
export const REFERRAL_REWARD_PERCENT = 10;

const newCode = () => readableCode(8);

/** The user's own code, made on first use. */
export async function ensureReferralCode(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [user] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound("No such user.", "user_not_found");
    if (user.code) return user.code;
    try {
      await db
        .update(users)
        .set({ referralCode: newCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)));
    } catch {
      // Another user has that code (one in a trillion): try another.
    }
  }
  throw new Error("could not make a referral code");
}

async function inviterOf(db: Db, code: string) {
  const normalized = normalizeReferralCode(code);
  if (!REFERRAL_CODE_PATTERN.test(normalized)) return null;
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.referralCode, normalized));
  return user ? { ...user, code: normalized } : null;
}

/**
 * GET /v1/referral/{code}: who invites (first name only), the offer, and whether the caller (when
 * signed in) is the inviter.
 */
export async function referralInvite(db: Db, code: string, userId: string | null): Promise<ReferralInvite> {
  const inviter = await inviterOf(db, code);
  if (!inviter) throw notFound("This invitation is not valid.", "referral_not_found");
  return { firstName: inviter.firstName?.trim() || "A friend", offer: REFERRAL_OFFER, own: userId === inviter.id };
}

/** GET /v1/user/referral */
export async function myReferral(db: Db, userId: string, origin: string): Promise<MyReferral> {
  const code = await ensureReferralCode(db, userId);
  const rows = await db
    .select({ status: referrals.status, rewardCode: referrals.rewardCode })
    .from(referrals)
    .where(eq(referrals.referrerId, userId));
  const rewardCodes = rows.map((row) => row.rewardCode).filter((value): value is string => Boolean(value));
  const unused = rewardCodes.length
    ? await db
        .select({ code: promoCodes.code })
        .from(promoCodes)
        .where(and(inArray(promoCodes.code, rewardCodes), eq(promoCodes.redemptions, 0)))
    : [];
  return {
    code,
    url: new URL(`/referral/${code}`, origin).toString(),
    invited: rows.length,
    rewarded: rows.filter((row) => row.status === "rewarded").length,
    credit: unused.map((row) => row.code),
  };
}

/**
 * Whether an invitation applies to a booking of this guest, and its discount on this subtotal:
 * not one's own code, and only while the guest has no confirmed booking yet (the first booking).
 */
export async function referralFor(
  db: Db,
  userId: string | null,
  code: string,
  subtotalMinor: number,
): Promise<QuoteReferral> {
  const inviter = await inviterOf(db, code);
  const refused = (reason: ReferralRefusal): QuoteReferral => ({
    code: normalizeReferralCode(code),
    firstName: inviter?.firstName ?? null,
    applied: false,
    reason,
    discountMinor: 0,
  });
  if (!inviter) return refused("referral_not_found");
  if (userId === inviter.id) return refused("referral_own_code");
  if (userId) {
    const [booked] = await db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.userId, userId), eq(bookings.status, "confirmed")));
    if (booked.n > 0) return refused("referral_not_first_booking");
  }
  const discountMinor = Math.min(
    Math.round((subtotalMinor * REFERRAL_OFFER.percentOff) / 100),
    REFERRAL_OFFER.maxDiscountMinor,
    subtotalMinor,
  );
  return { code: inviter.code, firstName: inviter.firstName, applied: discountMinor > 0, reason: null, discountMinor };
}

/** A booking got an invitation's discount: the invitation is the guest's (the first one that did). */
export async function recordReferral(db: Db, referredUserId: string, code: string, bookingId: string): Promise<void> {
  const inviter = await inviterOf(db, code);
  if (!inviter || inviter.id === referredUserId) return;
  await db
    .insert(referrals)
    .values({ referredUserId, referrerId: inviter.id, code: inviter.code, bookingId })
    .onConflictDoUpdate({
      target: referrals.referredUserId,
      set: { bookingId },
      where: sql`${referrals.status} = 'pending' and ${referrals.referrerId} = ${inviter.id}`,
    });
}

/** The reward's promo code: single use, every operator, a year. */
export async function createRewardCode(db: Db): Promise<string> {
  const code = `THANKS-${newCode()}`;
  await db.insert(promoCodes).values({
    code,
    percentOff: REFERRAL_REWARD_PERCENT,
    maxRedemptions: 1,
    validTo: sql`app_now() + interval '1 year'`,
  });
  return code;
}
