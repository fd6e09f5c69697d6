import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoney } from "~/ui/format";
import { formatDate } from "~/ui/date-format";
import { useTravellerZone } from "~/ui/traveller-zone";
import { LabelledSection } from "~/ui/labelled-section";
import { ADD_GIFT_CARD_INTENT } from "~/features/gift-cards/wallet";
import { GiftCardCodeForm } from "~/features/gift-cards/code-form";
import type { loadPayments } from "~/features/account/payments.server";

/** Gift cards the traveller bought or received, with balances (last 4 only). */
export function GiftCardList() {
  const { giftCards } = useLoaderData<typeof loadPayments>();
  const { t, i18n } = useTranslation();
  const travellerZone = useTravellerZone();
  return (
    <LabelledSection
      headingId="gift-cards-heading"
      headingClassName="text-lg font-semibold"
      heading={t("paymentsPage.giftCards")}
      className="mt-8"
    >
      <GiftCardWallet />
      <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="gift-cards">
        {giftCards.map((card) => (
          <li key={card.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              <span className="font-medium">
                {card.last4
                  ? t("paymentsPage.giftCardEnding", { last4: card.last4 })
                  : t("paymentsPage.giftCardScheduled", {
                      date: formatDate(card.deliverAt, { timeZone: travellerZone, locale: i18n.language }),
                    })}
              </span>
              <span className="block text-slate-600">
                {card.relation === "bought"
                  ? t("paymentsPage.giftCard_boughtFor", { email: card.recipientEmail })
                  : t(`paymentsPage.giftCard_${card.relation}`)}
                {card.operatorName ? ` · ${card.operatorName}` : ""}
                {card.relation === "bought" && card.paidAt ? (
                  <>
                    {" · "}
                    <Link
                      to={`/account/gift-cards/${card.id}/receipt`}
                      className="underline"
                      aria-label={t("giftCards.receiptLabel", { last4: card.last4 ?? "" })}
                    >
                      {t("giftCards.receipt")}
                    </Link>
                  </>
                ) : null}
              </span>
            </span>
            <span>
              {t("paymentsPage.giftCardBalance", {
                balance: formatMoney(card.balanceMinor, card.currency, i18n.language),
                amount: formatMoney(card.amountMinor, card.currency, i18n.language),
              })}
            </span>
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}

/** "Add a gift card to your account": its code typed once (no JavaScript needed), then kept here. */
function GiftCardWallet() {
  const { t } = useTranslation();
  return (
    <div className="mt-3 rounded-lg border border-slate-200 p-3" data-testid="gift-card-wallet">
      <h3 className="font-medium">{t("giftCards.addTitle")}</h3>
      <p className="text-sm text-slate-700">{t("giftCards.addIntro")}</p>
      <GiftCardCodeForm action="/account/payments" intent={ADD_GIFT_CARD_INTENT} submit="giftCards.add" />
    </div>
  );
}
