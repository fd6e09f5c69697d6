import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireConsolePage } from "~/features/console/console.server";
import { useTranslation } from "~/platform/i18n-react";
import { ColumnHeads } from "~/ui/column-heads";
import { formatDate } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";
import { pageMeta } from "~/ui/meta";
import { ScrollRegion } from "~/ui/scroll-region";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, me, t } = await requireConsolePage(request, "readReports");
  const cards = await api.call("operatorListGiftCards");
  return { cards, timeZone: me.account.timeZone, title: t("console.giftCards") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

/** The storefront's gift cards, newest first: last 4 only, amount, what is left, delivery. */
export default function ConsoleGiftCardsPage() {
  const { cards, timeZone } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const currency = cards.items[0]?.currency;
  const money = (minor: number, code = currency ?? "USD") => formatMoney(minor, code, i18n.language);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("console.giftCards")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("console.giftCardsIntro")}</p>
      {cards.items.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("console.giftCardsEmpty")}</p>
      ) : (
        <>
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
          <ScrollRegion label={t("console.giftCards")} className="mt-4">
            <table className="min-w-full text-left text-sm" data-testid="gift-cards">
              <caption className="sr-only">{t("console.giftCards")}</caption>
              <ColumnHeads
                className="border-b border-slate-300"
                cell="py-2 pr-4"
                labels={[
                  t("console.giftCardCode"),
                  t("console.giftCardRecipient"),
                  t("console.giftCardDelivery"),
                  t("console.giftCardAmount"),
                  t("console.giftCardBalance"),
                ]}
                alignFrom={3}
              />
              <tbody className="divide-y divide-slate-200">
                {cards.items.map((card) => (
                  <tr key={card.id} data-testid="gift-card-row">
                    <td className="py-2 pr-4 font-mono">
                      {card.last4 ? t("console.giftCardEnding", { last4: card.last4 }) : t("console.giftCardNotSent")}
                    </td>
                    <td className="py-2 pr-4">
                      {card.recipientEmail}
                      {card.senderName ? (
                        <span className="block text-slate-600">
                          {t("console.giftCardFrom", { name: card.senderName })}
                        </span>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap py-2 pr-4">
                      <time dateTime={card.deliverAt}>
                        {formatDate(card.deliverAt, { timeZone, locale: i18n.language })}
                      </time>
                    </td>
                    <td className="py-2 pr-4 text-right">{money(card.amountMinor, card.currency)}</td>
                    <td className="py-2 text-right">{money(card.balanceMinor, card.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </>
  );
}
