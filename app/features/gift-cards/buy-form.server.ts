import { z } from "~/platform/form.server";
import { typedLine, typedLines } from "~contract/fields";

const optional = (max: number) => typedLine(z.string().trim().max(max, "validation.tooLong")).optional();

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
  senderName: typedLine(
    z.string({ required_error: "giftCards.buy.senderNameRequired" }).trim().max(80, "validation.tooLong"),
  ),
  message: typedLines(z.string().trim().max(500, "validation.tooLong")).optional(),
  deliverOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "giftCards.buy.dateInvalid")
    .optional(),
  timeZone: z.string().max(64).optional(),
});
