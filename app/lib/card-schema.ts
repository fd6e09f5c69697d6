import { z } from "zod";

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function expiryInFuture(value: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** The sandbox checkout's card form (shared by the page and its action). */
export const CardSchema = z.object({
  cardNumber: z
    .string({ required_error: "checkout.cardInvalid" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .refine((digits) => /^\d{12,19}$/.test(digits) && luhnValid(digits), "checkout.cardInvalid"),
  expiry: z.string({ required_error: "checkout.expiryInvalid" }).trim().refine((value) => expiryInFuture(value), "checkout.expiryInvalid"),
  cvc: z.string({ required_error: "checkout.cvcInvalid" }).trim().regex(/^\d{3,4}$/, "checkout.cvcInvalid"),
  saveCard: z.literal("on").optional(),
});
