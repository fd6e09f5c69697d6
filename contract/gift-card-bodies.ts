import { z } from "zod";
import { typedLine, typedLines } from "./fields";

/** POST /v1/gift-cards/balance: the code travels in the body, never in a URL. */
export const giftCardBalanceBody = z
  .object({ code: z.string({ required_error: "Type the gift card code." }).max(64, "Not a gift card code.") })
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
      .number({ required_error: "Choose an amount.", invalid_type_error: "Choose an amount." })
      .int("Choose a whole amount.")
      .min(GIFT_CARD_MIN_MINOR, `At least ${GIFT_CARD_MIN_MINOR / 100}.`)
      .max(GIFT_CARD_MAX_MINOR, `At most ${GIFT_CARD_MAX_MINOR / 100}.`),
    recipientEmail: z
      .string({ required_error: "Enter the recipient's email.", invalid_type_error: "Enter the recipient's email." })
      .trim()
      .toLowerCase()
      .max(254, "Use at most 254 characters.")
      .email("Enter a valid email address."),
    recipientName: typedLine(z.string().trim().max(80, "Use at most 80 characters.")).optional(),
    senderName: typedLine(
      z
        .string({ required_error: "Enter your name.", invalid_type_error: "Enter your name." })
        .trim()
        .min(1, "Enter your name.")
        .max(80, "Use at most 80 characters."),
    ),
    /** Several lines: line breaks kept (as \n), no other control character. */
    message: typedLines(z.string().trim().max(500, "Use at most 500 characters.")).optional(),
    deliverOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date.")
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Choose a date.")
      .optional(),
    timeZone: z.string().max(64).refine(validTimeZone, "Not a time zone.").optional(),
    /** Where the buyer comes back after paying (a path of this site). */
    returnPath: z
      .string()
      .max(512)
      .regex(/^\/(?!\/)[^\s\\]*$/, "A path of this site.")
      .optional(),
  })
  .strict();
export type BuyGiftCardBody = z.output<typeof buyGiftCardBody>;
