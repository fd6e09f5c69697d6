import { z } from "zod";

/** Referral codes: 8 characters of Crockford's base 32 (no I, L, O, U). */
export const REFERRAL_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;
export const normalizeReferralCode = (code: string) => code.trim().toUpperCase();

export const referralCodeParams = z.object({ code: z.string().max(64, "Not a valid invitation.") });

/** A code as the booking forms send it (from the invitation the guest followed). */
export const referralCodeField = z
  .string({ invalid_type_error: "Must be text." })
  .trim()
  .max(64, "Use at most 64 characters.")
  .optional();

/** What an invitation gives: a share off the first booking, up to a cap in its currency. */
export interface ReferralOffer {
  percentOff: number;
  maxDiscountMinor: number;
}

/** GET /v1/referral/{code} */
export interface ReferralInvite {
  /** The inviter's first name only. */
  firstName: string;
  offer: ReferralOffer;
  /** The caller is signed in as the inviter: their own link (it gives them nothing). */
  own: boolean;
}

/** GET /v1/user/referral */
export interface MyReferral {
  code: string;
  url: string;
  /** Guests who booked with the code. */
  invited: number;
  /** Of those, the ones whose trip took place (each gave a reward). */
  rewarded: number;
  /** The reward promo codes not used yet. */
  credit: string[];
}

/** Why an invitation does not apply to a booking. */
export type ReferralRefusal = "referral_not_found" | "referral_own_code" | "referral_not_first_booking";

/** The invitation on a quote: applied, or why not. */
export interface QuoteReferral {
  code: string;
  firstName: string | null;
  applied: boolean;
  reason: ReferralRefusal | null;
  discountMinor: number;
}
