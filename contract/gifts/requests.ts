import { z } from "zod";
import { requiredLine, said, typedLine, typedLines } from "../fields";

/** POST /v1/gift-cards/balance: the code travels in the body, never in a URL. */
export const giftCardBalanceBody = z
  .object({ code: z.string({ required_error: said("giftCardCode.required") }).max(64, said("giftCardCode.invalid")) })
  .strict();
export type GiftCardBalanceBody = z.output<typeof giftCardBalanceBody>;

/** POST /v1/user/gift-cards (addGiftCardToWallet): the code of a card to keep on the caller's account. */
export const addGiftCardToWalletBody = giftCardBalanceBody;

/** What a gift card may be bought for, in minor units of its currency. */
export const GIFT_CARD_MIN_MINOR = 1_000;
export const GIFT_CARD_MAX_MINOR = 100_000;
/** How far ahead a delivery date may be chosen. */
export const GIFT_CARD_DELIVERY_DAYS = 365;

const validTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * POST /v1/gift-cards (buyGiftCard): paid through the checkout, never with another gift card (the
 * body has no place for one). The card is emailed to the recipient at 08:00 on `deliverOn` in
 * `timeZone` (the buyer's), or at once when that moment has passed.
 */
export const buyGiftCardBody = z
  .object({
    amountMinor: z
      .number({ required_error: said("amount.required"), invalid_type_error: said("amount.required") })
      .int(said("amount.whole"))
      .min(GIFT_CARD_MIN_MINOR, said("amount.tooSmall"))
      .max(GIFT_CARD_MAX_MINOR, said("amount.tooBig")),
    recipientEmail: z
      .string({ required_error: said("recipientEmail.required"), invalid_type_error: said("recipientEmail.required") })
      .trim()
      .toLowerCase()
      .max(254, said("text.tooLong"))
      .email(said("email.invalid")),
    recipientName: typedLine(z.string().trim().max(80, said("text.tooLong"))).optional(),
    senderName: requiredLine("senderName.required", 80),
    /** Several lines: line breaks kept (as \n), no other control character. */
    message: typedLines(z.string().trim().max(500, said("text.tooLong"))).optional(),
    deliverOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, said("sendDate.invalid"))
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), said("sendDate.invalid"))
      .optional(),
    timeZone: z.string().max(64).refine(validTimeZone, said("timeZone.invalid")).optional(),
    /** Where the buyer comes back after paying (a path of this site). */
    returnPath: z
      .string()
      .max(512)
      .regex(/^\/(?!\/)[^\s\\]*$/, said("path.invalid"))
      .optional(),
  })
  .strict();
export type BuyGiftCardBody = z.output<typeof buyGiftCardBody>;
