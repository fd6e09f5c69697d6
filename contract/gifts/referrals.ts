import { z } from "zod";
import { said } from "../fields";
import type * as out from "../outputs";

/** Referral codes: 8 characters of Crockford's base 32 (no I, L, O, U). */
export const REFERRAL_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;
export const normalizeReferralCode = (code: string) => code.trim().toUpperCase();

export const referralCodeParams = z.object({ code: z.string().max(64, said("referralCode.invalid")) });

/** A code as the booking forms send it (from the invitation the guest followed). */
export const referralCodeField = z
  .string({ invalid_type_error: said("text.notText") })
  .trim()
  .max(64, said("text.tooLong"))
  .optional();

/** What an invitation gives: a share off the first booking, up to a cap in its currency. */
export type ReferralOffer = z.infer<typeof out.referralOffer>;

/** GET /v1/referral/{code} */
export type ReferralInvite = z.infer<typeof out.referralInvite>;

/** GET /v1/user/referral */
export type MyReferral = z.infer<typeof out.myReferral>;

/** Why an invitation does not apply to a booking. */
export type ReferralRefusal = "referral_not_found" | "referral_own_code" | "referral_not_first_booking";

/** The invitation on a quote: applied, or why not. */
export type QuoteReferral = z.infer<typeof out.quoteReferral>;
