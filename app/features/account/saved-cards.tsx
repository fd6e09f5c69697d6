import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { FormResult } from "~/platform/form-result";
import { cardLabel } from "~/features/account/card-label";
import type { SavedCard } from "~contract/bookings/cards";
import { FormError } from "~/ui/form-parts";
import { useTranslation } from "~/platform/i18n-react";
import { LabelledSection } from "~/ui/labelled-section";
import { ADD_GIFT_CARD_INTENT } from "~/features/gift-cards/wallet";
import type { loadPayments } from "~/features/account/payments.server";

/** The saved cards: make one the default, or forget it. */
export function SavedCards() {
  const { cards } = useLoaderData<typeof loadPayments>();
  // The saved cards' own answers (the gift card form's have its intent).
  const answer = useActionData<FormResult>();
  const lastResult = answer?.intent === ADD_GIFT_CARD_INTENT ? undefined : answer?.result;
  const { t } = useTranslation();
  return (
    <LabelledSection
      headingId="cards-heading"
      headingClassName="text-lg font-semibold"
      heading={t("cards.title")}
      className="mt-6"
    >
      <FormError errors={lastResult?.error?.[""] ?? undefined} />
      {cards.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("cards.none")}</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="saved-cards">
          {cards.map((card) => (
            <li
              key={card.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
            >
              <span>
                <span className="font-medium">{cardLabel(card, t)}</span>
                {card.isDefault ? (
                  <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                    {t("cards.default")}
                  </span>
                ) : null}
                {card.expired ? <span className="ml-2 text-sm text-red-800">{t("cards.expired")}</span> : null}
              </span>
              <span className="flex gap-2">
                {card.isDefault ? null : <CardAction card={card} intent="default" text="cards.makeDefault" />}
                <CardAction card={card} intent="remove" text="cards.remove" />
              </span>
            </li>
          ))}
        </ul>
      )}
    </LabelledSection>
  );
}

/** One button of a saved card (make it the default, remove it), a native post; its label names the card. */
function CardAction({ card, intent, text }: { card: SavedCard; intent: "default" | "remove"; text: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="id" value={card.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50"
        aria-label={t(`${text}Label`, { card: cardLabel(card, t) })}
      >
        {t(text)}
      </button>
    </Form>
  );
}
