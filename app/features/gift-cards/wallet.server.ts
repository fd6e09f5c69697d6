import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { setFlash } from "~/platform/flash.server";
import { formResult } from "~/platform/form-result.server";
import { parseWithZod, z } from "~/platform/form.server";
import { redirect } from "~/platform/redirect.server";
import { ADD_GIFT_CARD_INTENT } from "./wallet";

const WalletForm = z.object({
  intent: z.literal(ADD_GIFT_CARD_INTENT),
  code: z.string({ required_error: "giftCards.codeRequired" }).trim().max(64, "giftCards.invalid"),
});

/**
 * The payments page's "Add a gift card to your account" (no JavaScript needed): the API keeps the
 * card on the account (addGiftCardToWallet, limited like a balance lookup); back to the page with
 * a message, or the form again with the code's error (a 429 says when to try again).
 */
export async function addGiftCardToWallet(request: Request, token: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: WalletForm });
  if (submission.status !== "success") return formResult(submission.reply(), { intent: ADD_GIFT_CARD_INTENT });
  try {
    await apiFor(request, { token }).call("addGiftCardToWallet", { body: { code: submission.value.code } });
  } catch (error) {
    return apiErrorResult(error, submission, {
      intent: ADD_GIFT_CARD_INTENT,
      codes: { gift_card_invalid: { key: "giftCards.invalid", field: "code" } },
      fields: { code: "giftCards.invalid" },
    });
  }
  const url = new URL(request.url);
  throw redirect(url.pathname + url.search, { headers: { "Set-Cookie": await setFlash("giftCards.added") } });
}
