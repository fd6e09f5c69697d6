import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { apiFor } from "~/platform/api.server";
import { i18next } from "~/platform/i18next.server";
import { idParam, requireParams, routeNotFound } from "~/platform/http.server";
import { requireUser } from "~/features/auth/session.server";
import { AmountRow } from "~/ui/amount-row";
import { ReceiptHeader } from "~/ui/receipt-header";
import { formatMoney } from "~/ui/format";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { formatDate } from "~/ui/date-format";
import { useTravellerZone } from "~/ui/traveller-zone";

/** A printable receipt for a gift card the signed-in traveller bought (issue 39 item 14); 404 for any other. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { giftCardId } = await requireParams(request, params, { giftCardId: idParam });
  const { token } = await requireUser(request);
  const [cards, t] = await Promise.all([apiFor(request, { token }).call("myGiftCards"), i18next.getFixedT(request)]);
  const card = cards.find((each) => each.id === giftCardId && each.relation === "bought" && each.paidAt);
  if (!card) throw await routeNotFound(request);
  return { card, title: t("giftCards.receiptTitle", { last4: card.last4 ?? "" }) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

export default function GiftCardReceiptPage() {
  const { card, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const travellerZone = useTravellerZone();
  const paidAt = card.paidAt ?? card.deliverAt;
  return (
    <article className="max-w-2xl space-y-6">
      <ReceiptHeader title={title} seller={card.operatorName ?? t("giftCards.receiptMarketplace")} paidAt={paidAt} />
      <section className="rounded-xl border border-slate-200 p-4" data-testid="gift-card-receipt">
        <dl className="text-sm">
          <AmountRow label={t("giftCards.receiptRecipient")} value={card.recipientEmail} />
          {card.senderName ? <AmountRow label={t("giftCards.receiptFrom")} value={card.senderName} /> : null}
          <AmountRow
            label={t("giftCards.receiptDelivery")}
            value={formatDate(card.deliverAt, { timeZone: travellerZone, locale: i18n.language })}
          />
          <AmountRow
            label={t("receipt.totalPaid")}
            value={formatMoney(card.amountMinor, card.currency, i18n.language)}
            strong
          />
        </dl>
      </section>
      <Link to="/account/payments" className="text-sm font-medium underline print:hidden">
        {t("giftCards.receiptBack")}
      </Link>
    </article>
  );
}
