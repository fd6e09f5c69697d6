import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { minorUnitDigits, toMinorUnits } from "~contract/money";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { BuySchema } from "~/features/gift-cards/buy-form.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";

/** The offer (this storefront's or the marketplace's), the sender's name to start from, the form's rules. */
export async function loadBuyGiftCard({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request);
  const [offer, t] = await Promise.all([apiFor(request, { token }).call("giftCardOffer"), i18next.getFixedT(request)]);
  return {
    offer,
    senderName: user.firstName ?? "",
    constraint: getZodConstraint(BuySchema),
    title: offer.operatorName ? t("giftCards.buy.titleOf", { operator: offer.operatorName }) : t("giftCards.buy.title"),
  };
}

/** Buys the card: its amount checked against the offer, then the checkout. */
export async function buyGiftCard({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireToken(request);
  const submission = parseWithZod(await readFormData(request), { schema: BuySchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const api = apiFor(request, { token });
  const offer = await api.call("giftCardOffer");
  const { amount, recipientName, message, deliverOn, timeZone, ...rest } = submission.value;
  const amountMinor = toMinorUnits(amount, minorUnitDigits(offer.currency));
  if (amountMinor < offer.minMinor || amountMinor > offer.maxMinor)
    return formResult(submission.reply({ fieldErrors: { amount: ["giftCards.buy.amountRange"] } }));
  try {
    const bought = await api.call("buyGiftCard", {
      body: {
        ...rest,
        amountMinor,
        ...(recipientName ? { recipientName } : {}),
        ...(message ? { message } : {}),
        ...(deliverOn ? { deliverOn } : {}),
        ...(timeZone ? { timeZone } : {}),
        returnPath: "/gift-cards?bought=1",
      },
    });
    return redirect(bought.checkoutUrl);
  } catch (error) {
    return apiErrorResult(error, submission, {
      fields: { deliverOn: "giftCards.buy.dateInvalid", recipientEmail: "giftCards.buy.recipientEmailInvalid" },
    });
  }
}
