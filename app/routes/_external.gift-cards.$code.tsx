import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { groupGiftCardCode, normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import { apiFor } from "~/platform/api.server";
import { orNone, orTooManyRequests } from "~/platform/api-errors.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { ColumnHeads } from "~/ui/column-heads";
import { formatMoney } from "~/ui/format";
import { formatDate, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { passHeaders } from "~/platform/http.server";
import { GiftCardCodeForm } from "~/features/gift-cards/code-form";

/** The code is in this page's address: it must not reach a referrer, a cache or an index. */
const PRIVATE_PAGE = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };

/**
 * /gift-cards/{code}: the balance and history. The API is asked with the code in the body
 * (giftCardBalance, rate-limited); every failure (unknown, another store's, malformed) reads the same.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const code = normalizeGiftCardCode(String(params.code ?? ""));
  const [card, t] = await Promise.all([
    // Past the API's per-address limit: the too-many-requests page (orTooManyRequests; its wait passes on in headers).
    code
      ? orTooManyRequests(request, orNone(apiFor(request).call("giftCardBalance", { body: { code } })))
      : Promise.resolve(null),
    i18next.getFixedT(request),
  ]);
  return data(
    { card, grouped: code && card ? groupGiftCardCode(code) : null, title: t("giftCards.balanceTitle") },
    { status: card ? 200 : 404, headers: PRIVATE_PAGE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [NOINDEX, { name: "referrer", content: "no-referrer" }]);

export const headers: HeadersFunction = (args) => {
  const headers = new Headers(passHeaders(args));
  for (const [name, value] of Object.entries(PRIVATE_PAGE)) headers.set(name, value);
  return headers;
};

export default function GiftCardBalancePage() {
  const loaded = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const card = loaded.card;
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{loaded.title}</h1>
      {card ? (
        <>
          <p className="mt-4 text-slate-800" data-testid="gift-card-balance">
            {t("giftCards.balance", {
              last4: card.last4,
              amount: formatMoney(card.balanceMinor, card.currency, i18n.language),
            })}
          </p>
          {card.operatorName ? (
            <p className="text-sm text-slate-700">{t("giftCards.goodAt", { operator: card.operatorName })}</p>
          ) : null}
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">{t("giftCards.history")}</caption>
            <ColumnHeads
              className=""
              cell="text-left"
              alignedCell="text-right"
              labels={[t("giftCards.when"), t("giftCards.what"), t("giftCards.amount")]}
              alignFrom={2}
            />
            <tbody>
              {card.transactions.map((row, i) => (
                <tr key={i}>
                  <td>
                    <time dateTime={row.at}>
                      {formatDate(row.at, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language })}
                    </time>
                  </td>
                  <td>{t(`giftCards.kind_${row.kind}`)}</td>
                  <td className="text-right">{formatMoney(row.amountMinor, card.currency, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <>
          <p role="alert" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
            {t("giftCards.invalid")}
          </p>
          <GiftCardCodeForm />
        </>
      )}
    </>
  );
}
