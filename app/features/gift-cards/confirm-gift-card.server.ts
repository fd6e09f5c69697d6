import { data } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import { normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, type Replyable } from "~/platform/api-errors.server";
import { errorInit } from "~/platform/http.server";
import { GIFT_CARD_INTENT, type GiftCardAnswer, type WalletCard } from "./confirm-gift-card";

/** Whether the confirm page's form was sent by its gift card's Apply button (the form also says intent=pay). */
export const isGiftCardApply = (form: FormData) => form.getAll("intent").includes(GIFT_CARD_INTENT);

/**
 * The confirm page's gift card, applied before paying (the Apply button without JavaScript, the
 * typed code with it): its balance and currency from the API (giftCardBalance, rate-limited, the
 * code in the body), so that the Pay button says what the checkout will charge. An unknown code is
 * the field's error; a card in another currency than the experience's says both.
 */
export async function applyGiftCard(request: Request, submission: Replyable, typed: string, currency: string) {
  const code = normalizeGiftCardCode(typed);
  if (!code) return giftCardAnswer(submission, "confirm.giftCardInvalid");
  try {
    const card = await apiFor(request).call("giftCardBalance", { body: { code } });
    const giftCard = { last4: card.last4, currency: card.currency, balanceMinor: card.balanceMinor };
    if (card.currency !== currency) return giftCardAnswer(submission, "confirm.giftCardCurrency", giftCard);
    if (card.balanceMinor <= 0) return giftCardAnswer(submission, "confirm.giftCardInvalid");
    return data<GiftCardAnswer>({ result: submission.reply({}), intent: GIFT_CARD_INTENT, giftCard });
  } catch (error) {
    if (isApiError(error, "gift_card_invalid")) return giftCardAnswer(submission, "confirm.giftCardInvalid");
    return apiErrorResult(error, submission, { intent: GIFT_CARD_INTENT });
  }
}

/** Paying was refused for the card's currency (409 gift_card_currency): the field says both currencies. */
export function giftCardCurrencyRefusal(error: unknown, submission: Replyable) {
  if (!isApiError(error, "gift_card_currency")) return null;
  const cardCurrency = String(error.details?.cardCurrency ?? "");
  return giftCardAnswer(submission, "confirm.giftCardCurrency", { currency: cardCurrency }, errorInit(error).status);
}

function giftCardAnswer(
  submission: Replyable,
  key: string,
  giftCard?: GiftCardAnswer["giftCard"],
  status = key === "confirm.giftCardCurrency" ? 409 : 404,
) {
  return data<GiftCardAnswer>(
    { result: submission.reply({ fieldErrors: { giftCardCode: [key] } }), intent: GIFT_CARD_INTENT, giftCard },
    { status },
  );
}

/**
 * The gift card of the traveller's own (kept on their account or sent to them) that pays this
 * booking by itself, unless they untick it: delivered, with a balance, in the booking's currency and
 * good here (a marketplace card anywhere, a storefront's only there). The fullest one; null: none.
 */
export function walletCardFor(
  cards: ReadonlyArray<{
    id: string;
    last4: string | null;
    currency: string;
    balanceMinor: number;
    status: string;
    relation: string;
    operatorName: string | null;
  }>,
  booking: { currency: string; storefrontOperator: string | null },
): WalletCard | null {
  const usable = cards.filter(
    (card) =>
      (card.relation === "saved" || card.relation === "received") &&
      card.status === "active" &&
      card.last4 !== null &&
      card.balanceMinor > 0 &&
      card.currency === booking.currency &&
      (card.operatorName === null || card.operatorName === booking.storefrontOperator),
  );
  const fullest = usable.sort((a, b) => b.balanceMinor - a.balanceMinor)[0];
  return fullest
    ? { id: fullest.id, last4: fullest.last4!, currency: fullest.currency, balanceMinor: fullest.balanceMinor }
    : null;
}
