import type { OperatorBooking } from "~contract/operator/refunds";
import { useTranslation } from "~/platform/i18n-react";
import { AmountRow } from "~/ui/amount-row";
import { formatDateTime, formatMoment } from "~/ui/date-format";
import { formatMoney, formatPhone } from "~/ui/format";
import { HistoryTable } from "~/ui/history-table";
import { CardSection } from "~/ui/labelled-section";
import { AddOnsFact } from "~/features/booking/add-ons-fact";
import { PickupFact } from "~/features/booking/pickup-fact";
import { AnswerList } from "~/features/booking/answer-list";
import { depositLine } from "~/features/booking/deposit-line";

type Money = NonNullable<OperatorBooking["money"]>;

/**
 * A booking's facts as its operator's console shows them: the guest, the experience, the departure,
 * the payment's status, the tickets; a booking the team took, who and how; and for a role that sees
 * money (owner, manager, and the platform's support: read-only) what was paid, refunded and kept.
 */
export function BookingFactsCard({
  page,
  className = "mt-6 max-w-2xl",
  id = "facts",
}: {
  page: OperatorBooking;
  className?: string;
  /** The card's heading's id is `${id}-heading` (unique on a page of several bookings). */
  id?: string;
}) {
  const { t, i18n } = useTranslation();
  const { booking, guest, departure } = page;
  return (
    <CardSection headingId={`${id}-heading`} heading={t("refunds.facts")} className={className}>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-medium">{t("refunds.guest")}</dt>
        <dd>
          {guest.name}
          {guest.email ? ` · ${guest.email}` : ""}
          {guest.phone ? ` · ${formatPhone(guest.phone)}` : ""}
        </dd>
        <dt className="font-medium">{t("refunds.experience")}</dt>
        <dd>
          {booking.experienceTitle} — {booking.serviceName}
        </dd>
        <dt className="font-medium">{t("refunds.departure")}</dt>
        <dd data-testid="booking-departure">
          {formatMoment(departure.startsAt, { timeZone: booking.timezone, locale: i18n.language })}
        </dd>
        <PickupFact pickup={booking.pickup} timezone={booking.timezone} termClassName="font-medium" />
        <dt className="font-medium">{t("refunds.status")}</dt>
        <dd data-testid="booking-status">{t(`paymentsPage.status_${booking.paymentStatus}`)}</dd>
        <dt className="font-medium">{t("refunds.tickets")}</dt>
        <dd>
          {booking.tickets.map((ticket) => `${ticket.quantity} × ${ticket.name}`).join(", ")} (
          {t("refunds.seatCount", { count: booking.seats })})
        </dd>
        <AddOnsFact addOns={booking.addOns} termClassName="font-medium" />
        {booking.deposit && page.money ? (
          <>
            <dt className="font-medium">{t("booking.deposit")}</dt>
            <dd data-testid="booking-deposit">
              {depositLine(
                t,
                booking.deposit,
                { currency: page.money.currency, timezone: booking.timezone },
                i18n.language,
              )}
            </dd>
          </>
        ) : null}
        {booking.answers.lines.length ? (
          <>
            <dt className="font-medium">{t("questions.answersHeading")}</dt>
            <dd data-testid="booking-answers">
              <AnswerList lines={booking.answers.lines} />
            </dd>
          </>
        ) : null}
      </dl>
      {page.source.channel === "staff" ? <StaffFacts page={page} /> : null}
      {page.source.reseller ? (
        <p className="mt-4 text-sm" data-testid="booking-reseller">
          {t("manifest.soldBy", {
            name: page.source.reseller.name,
            reference: page.source.reseller.reference ?? "—",
          })}
        </p>
      ) : null}
      {page.money ? <BookingMoney money={page.money} /> : null}
    </CardSection>
  );
}

/** A booking the team took: who, how it is paid, why its price (the reason: owner, manager). */
function StaffFacts({ page }: { page: OperatorBooking }) {
  const { t } = useTranslation();
  const { source } = page;
  return (
    <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm" data-testid="staff-facts">
      <dt className="font-medium">{t("desk.markPaid.channel")}</dt>
      <dd>{t(`desk.channelChoices.${source.channel}`)}</dd>
      {source.takenBy ? (
        <>
          <dt className="font-medium">{t("desk.markPaid.takenBy")}</dt>
          <dd>{source.takenBy.name}</dd>
        </>
      ) : null}
      {source.staffPayment ? (
        <>
          <dt className="font-medium">{t("desk.markPaid.staffPayment")}</dt>
          <dd>{t(`desk.staffPaymentChoices.${source.staffPayment}`)}</dd>
        </>
      ) : null}
      {page.money?.priceReason ? (
        <>
          <dt className="font-medium">{t("desk.markPaid.priceReason")}</dt>
          <dd>{page.money.priceReason}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** What was paid and refunded, the platform's service fee and what the operator receives (owner, manager). */
function BookingMoney({ money }: { money: Money }) {
  const { t, i18n } = useTranslation();
  const amount = (minor: number) => formatMoney(minor, money.currency, i18n.language);
  return (
    <>
      <dl className="mt-4 max-w-sm text-sm" data-testid="money">
        <AmountRow label={t("refunds.paid")} value={amount(money.paidMinor)} />
        {money.giftCardMinor ? (
          <AmountRow label={t("refunds.giftCardPart")} value={amount(money.giftCardMinor)} />
        ) : null}
        <AmountRow label={t("refunds.refunded")} value={amount(money.refundedMinor)} />
        <AmountRow label={t("refunds.serviceFee")} value={amount(money.serviceFeeMinor)} />
        <AmountRow label={t("refunds.commission")} value={amount(money.commissionMinor)} />
        <AmountRow label={t("refunds.operatorReceives")} value={amount(money.operatorMinor)} strong />
        <AmountRow label={t("refunds.refundable")} value={amount(money.refundableMinor)} />
      </dl>
      <p className="mt-2 max-w-sm text-xs text-slate-700">{t("refunds.serviceFeeHint")}</p>
    </>
  );
}

/** The refunds made (the booking page, above its refund form; support's read-only view). */
export function RefundHistory({
  refunds,
  timeZone,
  id = "history",
}: {
  refunds: Money["refunds"];
  timeZone: string;
  /** The heading's id is `${id}-heading`. */
  id?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <HistoryTable
      headingId={`${id}-heading`}
      heading={t("refunds.history")}
      className="mt-6 max-w-2xl"
      rows={refunds}
      empty={t("refunds.noRefunds")}
      caption={t("refunds.historyCaption")}
      columns={[t("refunds.colDate"), t("refunds.colAmount"), t("refunds.colReason"), t("refunds.colStatus")]}
      alignFrom={[1]}
      data-testid="refund-history"
      row={(refund) => (
        <tr key={refund.id} className="border-t border-slate-200 align-top" data-testid="refund-row">
          <td className="py-1 pr-3">{formatDateTime(refund.createdAt, { timeZone, locale: i18n.language })}</td>
          <td className="py-1 pr-3 text-right">{formatMoney(refund.amountMinor, refund.currency, i18n.language)}</td>
          <td className="py-1 pr-3">
            {refund.reason}
            {refund.releaseSeats ? ` (${t("refunds.seatsReleased")})` : ""}
            {refund.goodwillMinor > 0 ? ` (${t("refunds.goodwill")})` : ""}
          </td>
          <td className="py-1">{t(refund.status === "made" ? "refunds.statusMade" : "refunds.statusOwed")}</td>
        </tr>
      )}
    />
  );
}
