import { z } from "~/platform/form.server";

const optional = (max: number) => z.string().trim().max(max, "validation.tooLong").optional();

/** The form as typed; the API judges the amount's range, the email and the date (its answer shows on the fields). */
export const BuySchema = z.object({
  amount: z
    .string({ required_error: "giftCards.buy.amountRequired" })
    .trim()
    .regex(/^\d{1,7}([.,]\d{1,2})?$/, "giftCards.buy.amountInvalid"),
  recipientEmail: z
    .string({ required_error: "giftCards.buy.recipientEmailRequired" })
    .trim()
    .max(254, "validation.tooLong")
    .email("giftCards.buy.recipientEmailInvalid"),
  recipientName: optional(80),
  senderName: z.string({ required_error: "giftCards.buy.senderNameRequired" }).trim().max(80, "validation.tooLong"),
  message: optional(500),
  deliverOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "giftCards.buy.dateInvalid")
    .optional(),
  timeZone: z.string().max(64).optional(),
});
