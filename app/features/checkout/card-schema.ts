import { z } from "zod";
import { expiryInFuture, luhnValid } from "~contract/bookings/card";

/** The sandbox checkout's card form (shared by the page and its action). */
export const CardSchema = z.object({
  cardNumber: z
    .string({ required_error: "checkout.cardInvalid" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .refine((digits) => /^\d{12,19}$/.test(digits) && luhnValid(digits), "checkout.cardInvalid"),
  expiry: z
    .string({ required_error: "checkout.expiryInvalid" })
    .trim()
    .refine((value) => expiryInFuture(value), "checkout.expiryInvalid"),
  cvc: z
    .string({ required_error: "checkout.cvcInvalid" })
    .trim()
    .regex(/^\d{3,4}$/, "checkout.cvcInvalid"),
  saveCard: z.literal("on").optional(),
});
