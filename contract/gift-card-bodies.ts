import { z } from "zod";

/** POST /v1/gift-cards/balance: the code travels in the body, never in a URL. */
export const giftCardBalanceBody = z
  .object({ code: z.string({ required_error: "Type the gift card code." }).max(64, "Not a gift card code.") })
  .strict();
export type GiftCardBalanceBody = z.output<typeof giftCardBalanceBody>;
