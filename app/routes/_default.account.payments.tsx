import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { FormResult } from "~/platform/form-result";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { requireToken } from "~/features/auth/session.server";
import { cardLabel, paidWith } from "~/features/account/card-label";
import type { SavedCard } from "~contract/cards";
import { FormError } from "~/ui/form-parts";
import { StatusMessage } from "~/ui/status-message";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { slotDay } from "~/features/booking/availability";
import type { Booking } from "~/features/booking/bookings";
import { Pagination } from "~/ui/pagination";
import { ColumnHeads } from "~/ui/column-heads";
import { formatMoney } from "~/ui/format";
import { requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { formatDate } from "~/ui/date-format";
import { useTravellerZone } from "~/ui/traveller-zone";
import { pageOf, passHeaders } from "~/platform/http.server";
import { LabelledSection } from "~/ui/labelled-section";
import { addGiftCardToWallet } from "~/features/gift-cards/wallet.server";
import { ADD_GIFT_CARD_INTENT } from "~/features/gift-cards/wallet";
import { GiftCardCodeForm } from "~/features/gift-cards/code-form";

/** Saved cards, then payments made for bookings (paid, refunded), newest first, each with its receipt. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const api = apiFor(request, { token });
  const [payments, cards, tips, giftCards, t] = await Promise.all([
    api.call("payments", { query: { page: pageOf(request) } }),
    api.call("savedCards"),
    api.call("myTips"),
    api.call("myGiftCards"),
    i18next.getFixedT(request),
  ]);
  return withFlash(request, { payments, cards, tips, giftCards, title: t("account.payments") });
}

/** Make a saved card the default, or forget it: native posts, then back here with a message. */
export async function action({ request }: ActionFunctionArgs) {
  const CardSchema = z.object({
    intent: z.enum(["default", "remove"]),
    id: z.string().max(80),
  });
  requireSameOrigin(request);
  const token = await requireToken(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === ADD_GIFT_CARD_INTENT) return addGiftCardToWallet(request, token, formData);
  const submission = parseWithZod(formData, { schema: CardSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const { intent, id } = submission.value;
  try {
    const api = apiFor(request, { token });
    if (intent === "default") await api.call("setDefaultCard", { params: { id } });
    else await api.call("removeCard", { params: { id } });
  } catch (error) {
    // A card id the API cannot read is no card of theirs either.
    return apiErrorResult(error, submission, {
      codes: { validation_error: { key: "apiErrors.payment_method_not_found" } },
    });
  }
  const url = new URL(request.url);
  throw redirect(url.pathname + url.search, {
    headers: { "Set-Cookie": await setFlash(intent === "default" ? "cards.madeDefault" : "cards.removed") },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

function SavedCards() {
  const { cards } = useLoaderData<typeof loader>();
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

export default function PaymentsPage() {
  const { payments, title, flash } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = (booking: Booking, amount: number) => formatMoney(amount, booking.currency, i18n.language);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <SavedCards />
      <h2 className="mt-8 text-lg font-semibold">{t("paymentsPage.history")}</h2>
      {payments.items.length === 0 ? (
        <p className="mt-6 text-slate-700">{t("paymentsPage.empty")}</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <ColumnHeads
            cell="py-2"
            labels={[t("paymentsPage.booking"), t("paymentsPage.status"), t("paymentsPage.amount")]}
            alignFrom={2}
          />
          <tbody className="divide-y divide-slate-100">
            {payments.items.map((booking) => (
              <tr key={booking.id}>
                <td className="py-2">
                  <Link to={`/account/receipt/${booking.id}`} className="font-medium underline">
                    {booking.experienceTitle}
                  </Link>
                  <span className="block text-slate-600">
                    {slotDay(booking.startsAt, booking.timezone, i18n.language)} · {booking.reference} ·{" "}
                    <Link to={`/account/receipt/${booking.id}`} className="underline">
                      {t("receipt.view")}
                    </Link>
                  </span>
                </td>
                <td className="py-2">{t(`paymentsPage.status_${booking.paymentStatus}`)}</td>
                <td className="py-2 text-right">
                  {money(booking, booking.totalMinor)}
                  {booking.refundMinor ? (
                    <span className="block text-slate-600">
                      {t("paymentsPage.refunded", { amount: money(booking, booking.refundMinor) })}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={payments.page} totalPages={payments.totalPages} />
      <Tips />
      <GiftCards />
    </>
  );
}

/** Tips given after trips (paid ones), newest first. */
function Tips() {
  const { tips } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const travellerZone = useTravellerZone();
  if (tips.length === 0) return null;
  return (
    <LabelledSection
      headingId="tips-heading"
      headingClassName="text-lg font-semibold"
      heading={t("paymentsPage.tips")}
      className="mt-8"
    >
      <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="tips">
        {tips.map((tip) => (
          <li key={tip.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{t("paymentsPage.tipFor", { title: tip.experienceTitle })}</span>
              <span className="block text-slate-600">
                <time dateTime={tip.paidAt}>
                  {formatDate(tip.paidAt, { timeZone: travellerZone, locale: i18n.language })}
                </time>{" "}
                · {tip.reference}
                {tip.card ? ` · ${paidWith(tip.card, t)}` : ""}
              </span>
            </span>
            <span>{formatMoney(tip.amountMinor, tip.currency, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}

/** Gift cards the traveller bought or received, with balances (last 4 only). */
function GiftCards() {
  const { giftCards } = useLoaderData<typeof loader>();
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
