import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { formatDate } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";
import type { loadConsoleGiftCards } from "./gift-cards.server";

/** The storefront's gift cards, newest first: last 4 only, amount, what is left, delivery. */
export function ConsoleGiftCardsPage() {
  const { cards, timeZone } = useLoaderData<typeof loadConsoleGiftCards>();
  const { t, i18n } = useTranslation();
  const money = (minor: number, code = cards.currency) => formatMoney(minor, code, i18n.language);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("console.giftCards")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("console.giftCardsIntro")}</p>
      <DataTable
        rows={cards.items}
        empty={t("console.giftCardsEmpty")}
        className="mt-4"
        before={
          <dl className="mt-4 flex flex-wrap gap-6 text-sm" data-testid="gift-card-sums">
            <div>
              <dt className="text-slate-600">{t("console.giftCardsSold")}</dt>
              <dd className="text-lg font-semibold">{money(cards.soldMinor)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("console.giftCardsOutstanding")}</dt>
              <dd className="text-lg font-semibold">{money(cards.outstandingMinor)}</dd>
            </div>
          </dl>
        }
        caption={t("console.giftCards")}
        columns={[
          t("console.giftCardCode"),
          t("console.giftCardRecipient"),
          t("console.giftCardDelivery"),
          t("console.giftCardAmount"),
          t("console.giftCardBalance"),
        ]}
        alignFrom={3}
        data-testid="gift-cards"
        row={(card) => (
          <tr key={card.id} data-testid="gift-card-row">
            <td className="py-2 pr-4 font-mono">
              {card.last4 ? t("console.giftCardEnding", { last4: card.last4 }) : t("console.giftCardNotSent")}
            </td>
            <td className="py-2 pr-4">
              {card.recipientEmail}
              {card.senderName ? (
                <span className="block text-slate-600">{t("console.giftCardFrom", { name: card.senderName })}</span>
              ) : null}
            </td>
            <td className="whitespace-nowrap py-2 pr-4">
              <time dateTime={card.deliverAt}>{formatDate(card.deliverAt, { timeZone, locale: i18n.language })}</time>
            </td>
            <td className="py-2 pr-4 text-right">{money(card.amountMinor, card.currency)}</td>
            <td className="py-2 text-right">{money(card.balanceMinor, card.currency)}</td>
          </tr>
        )}
      />
    </>
  );
}
