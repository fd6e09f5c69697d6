import { useActionData, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoney } from "~/ui/format";
import { cardLabel } from "~/features/account/card-label";
import { useIsPending } from "~/ui/use-is-pending";
import { GiftCardField, useConfirmGiftCard, type GiftCardAnswer } from "~/features/gift-cards/confirm-gift-card";
import type { SerializeFrom } from "@remix-run/node";
import type { loadConfirmPage } from "~/features/booking/confirm.server";
import { IntentForm } from "~/ui/intent-form";
import { AnswerFields } from "./answer-fields";
import { sentAnswer } from "./answers-form";
import { PickupChoice } from "./pickup-choice";

type ConfirmQuote = NonNullable<SerializeFrom<typeof loadConfirmPage>["quote"]>;
type Booked = ConfirmQuote["yourBookings"][number] | undefined;

/** Pays: a saved card or a new one, a gift card, and (for a departure already booked) "book again". */
export function PayForm({ quote, booked }: { quote: ConfirmQuote; booked: Booked }) {
  const { idempotencyKey, operator, cards, walletCard } = useLoaderData<typeof loadConfirmPage>();
  const lastResult = useFormResult();
  const bookAgainError = lastResult?.error?.bookAgain?.[0];
  const paying = useIsPending({ intent: "pay" });
  const { t, i18n } = useTranslation();
  // What the checkout charges once the gift card (typed or applied) has paid its part.
  const gift = useConfirmGiftCard({
    answer: useActionData<GiftCardAnswer>(),
    totalMinor: quote.breakdown.totalMinor,
    currency: quote.currency,
    walletCard,
  });
  return (
    <IntentForm
      intent="pay"
      values={{ idempotencyKey, operator, promoCode: quote.promo?.valid ? quote.promo.code : "" }}
      className="mt-6"
    >
      {cards.length > 0 ? (
        <fieldset className="mb-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold">{t("cards.payWith")}</legend>
          {cards.map((card) => (
            <label key={card.id} className="flex items-center gap-2 py-1">
              <input
                type="radio"
                name="paymentMethod"
                value={card.id}
                defaultChecked={card.isDefault}
                className="h-4 w-4"
              />
              {cardLabel(card, t)}
            </label>
          ))}
          <label className="flex items-center gap-2 py-1">
            <input
              type="radio"
              name="paymentMethod"
              value="new"
              defaultChecked={!cards.some((card) => card.isDefault)}
              className="h-4 w-4"
            />
            {t("cards.newCard")}
          </label>
        </fieldset>
      ) : null}
      <PickupChoice
        offered={quote.pickupPoints}
        timezone={quote.timezone}
        chosen={lastResult?.initialValue?.pickupPointId as string | undefined}
        error={lastResult?.error?.pickupPointId?.[0]}
      />
      <AnswerFields
        questions={quote.questions}
        guests={quote.guests}
        errors={lastResult?.error}
        values={(name) => sentAnswer(lastResult?.initialValue, name)}
      />
      <GiftCardField
        gift={gift}
        currency={quote.currency}
        defaultValue={lastResult?.initialValue?.giftCardCode as string | undefined}
      />
      {booked ? (
        <div className="mb-4">
          <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="bookAgain"
              value="yes"
              required
              aria-invalid={bookAgainError ? true : undefined}
              aria-describedby={bookAgainError ? "book-again-error" : undefined}
              className="mt-0.5 h-4 w-4"
            />
            {t("confirm.bookAgain")}
          </label>
          {bookAgainError ? (
            <p id="book-again-error" className="mt-1 text-sm text-red-700">
              {t(bookAgainError)}
            </p>
          ) : null}
        </div>
      ) : bookAgainError ? (
        <p className="mb-4 text-sm text-red-700">{t(bookAgainError)}</p>
      ) : null}
      <button
        type="submit"
        disabled={paying}
        className="w-full rounded-md bg-brand px-4 py-3 text-lg font-semibold text-white hover:brightness-90 disabled:opacity-60"
      >
        {paying
          ? t("confirm.paying")
          : t("confirm.pay", { total: formatMoney(gift.chargeMinor, quote.currency, i18n.language) })}
      </button>
      <p className="mt-2 text-center text-sm text-slate-600">{t("confirm.holdNote")}</p>
    </IntentForm>
  );
}
