import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { OperatorBooking } from "~contract/operator/refunds";
import { ReauthPrompt } from "~/features/auth/reauth-fields";
import type { loadConsoleBookingPage, RefundConflict } from "~/features/console/console-booking.server";
import { useTranslation } from "~/platform/i18n-react";
import { AmountRow } from "~/ui/amount-row";
import { BackLink } from "~/ui/back-link";
import { HistoryTable } from "~/ui/history-table";
import { formatDateTime, formatMoment } from "~/ui/date-format";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { formatMoney, formatPhone } from "~/ui/format";
import { StatusMessage } from "~/ui/status-message";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { CardSection } from "~/ui/labelled-section";
import { GuestMessageForm, useMessageSent } from "../guest-message-form";
import { BookingHistoryList } from "./booking-history";
import { MoveForm } from "./move-form";

/**
 * One booking in the console: its facts; for owners and managers its money, refunds and the refund
 * form (a guide's page has no money at all); the message form and the booking's history.
 */
export function ConsoleBookingPage() {
  const { page, flash, title, history } = useLoaderData<typeof loadConsoleBookingPage>();
  const { t, i18n } = useTranslation();
  const { booking, guest, departure } = page;
  return (
    <>
      <BackLink to="/console">{t("refunds.back")}</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <CardSection headingId="facts-heading" heading={t("refunds.facts")} className="mt-6 max-w-2xl">
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
          <dt className="font-medium">{t("refunds.status")}</dt>
          <dd data-testid="booking-status">{t(`paymentsPage.status_${booking.paymentStatus}`)}</dd>
          <dt className="font-medium">{t("refunds.tickets")}</dt>
          <dd>
            {booking.tickets.map((ticket) => `${ticket.quantity} × ${ticket.name}`).join(", ")} (
            {t("refunds.seatCount", { count: booking.seats })})
          </dd>
        </dl>
        {page.source.channel === "staff" ? <StaffFacts page={page} /> : null}
        {page.money ? <BookingMoney money={page.money} /> : null}
      </CardSection>
      {page.source.canMarkPaid ? <MarkPaid page={page} /> : null}
      {page.money ? <Refunds money={page.money} /> : null}
      <MoveForm />
      <MessageGuest />
      <BookingHistoryList items={history} timeZone={booking.timezone} />
    </>
  );
}

/** "Message the guest" (every member; a guide on their own departures): a confirmed booking's only. */
function MessageGuest() {
  const { message, messageConstraint } = useLoaderData<typeof loadConsoleBookingPage>();
  const { t } = useTranslation();
  const sent = useMessageSent();
  if (!message.confirmed) return null;
  return (
    <CardSection headingId="message-heading" heading={t("desk.messages.heading")} className="mt-8 max-w-xl">
      <p className="mt-1 text-sm text-slate-700">{t("desk.messages.hint")}</p>
      <GuestMessageForm
        // A new template asked for: a new form with its text.
        key={message.template}
        id="message"
        resultId="message"
        draft={message}
        hidden={{}}
        templateQuery={{}}
        constraint={messageConstraint}
        sent={sent}
      />
    </CardSection>
  );
}

type Money = NonNullable<OperatorBooking["money"]>;

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

/** A booking that owes its price (pay on arrival): the money taken, marked (a guide sees no amount). */
function MarkPaid({ page }: { page: OperatorBooking }) {
  const { t, i18n } = useTranslation();
  const pending = useIsPending();
  const owed = page.money ? formatMoney(page.money.totalMinor, page.money.currency, i18n.language) : null;
  return (
    <CardSection headingId="owed-heading" heading={t("desk.markPaid.heading")} className="mt-6 max-w-2xl">
      <p className="mt-1 text-sm" data-testid="owed">
        {owed ? t("desk.markPaid.owed", { amount: owed }) : t("desk.markPaid.owedNoAmount")}
      </p>
      <Form method="post" action={`/console/bookings/${page.booking.id}/paid`} className="mt-3">
        <SubmitButton
          pending={pending}
          label={t("desk.markPaid.submit")}
          pendingLabel={t("desk.markPaid.submitting")}
        />
      </Form>
    </CardSection>
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
        <AmountRow label={t("refunds.operatorReceives")} value={amount(money.operatorMinor)} strong />
        <AmountRow label={t("refunds.refundable")} value={amount(money.refundableMinor)} />
      </dl>
      <p className="mt-2 max-w-sm text-xs text-slate-700">{t("refunds.serviceFeeHint")}</p>
    </>
  );
}

/** The refunds made, then the refund form (or why there is none). */
function Refunds({ money }: { money: Money }) {
  const { canRefund, timeZone } = useLoaderData<typeof loadConsoleBookingPage>();
  const { t } = useTranslation();
  return (
    <>
      <RefundHistory refunds={money.refunds} timeZone={timeZone} />
      {canRefund ? (
        <RefundForm key={`${money.refundedMinor}`} money={money} />
      ) : (
        <p className="mt-6 text-sm text-slate-700">
          {money.paidMinor > 0 ? t("refunds.nothingLeft") : t("refunds.notPaid")}
        </p>
      )}
    </>
  );
}

function RefundHistory({ refunds, timeZone }: { refunds: Money["refunds"]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <HistoryTable
      headingId="history-heading"
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
          </td>
          <td className="py-1">{t(refund.status === "made" ? "refunds.statusMade" : "refunds.statusOwed")}</td>
        </tr>
      )}
    />
  );
}

function RefundForm({ money }: { money: Money }) {
  const { digits, constraint, idempotencyKey } = useLoaderData<typeof loadConsoleBookingPage>();
  const answer = useActionData<RefundConflict | { intent?: string }>();
  const { t, i18n } = useTranslation();
  // The move form's answers name their form (intent `move`); the refund form's name none.
  const result = useFormResult();
  const lastResult = answer && "intent" in answer && answer.intent === "move" ? undefined : result;
  const validation = useFormValidation(
    () => import("~/features/console/refund-schemas"),
    (schemas) => schemas.refundFormSchema(digits, money.refundableMinor),
  );
  const [form, fields] = useForm({
    id: "refund",
    lastResult,
    constraint,
    ...validation,
  });
  const pending = useIsPending();
  const conflict = answer && "conflict" in answer ? answer.conflict : null;
  return (
    <CardSection headingId="refund-heading" heading={t("refunds.formTitle")} className="mt-8 max-w-xl">
      {conflict ? (
        <div
          role="alert"
          className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="refund-conflict"
        >
          {t(conflict.key, { amount: formatMoney(conflict.amountMinor, conflict.currency, i18n.language) })}
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="alreadyRefundedMinor" value={money.refundedMinor} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TextField
          field={fields.amount}
          label={t("refunds.amount", { currency: money.currency })}
          hint={t("refunds.amountHint", { amount: formatMoney(money.refundableMinor, money.currency, i18n.language) })}
          inputMode="decimal"
        />
        <div>
          <label htmlFor={fields.reason.id} className="block text-sm font-medium text-slate-800">
            {t("refunds.reason")}
          </label>
          <textarea
            {...getTextareaProps(fields.reason, { ariaAttributes: false })}
            key={fields.reason.key}
            rows={3}
            aria-invalid={fields.reason.errors?.length ? true : undefined}
            aria-describedby={fields.reason.errors?.length ? fields.reason.errorId : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <FieldError field={fields.reason} />
        </div>
        {money.canReleaseSeats ? (
          <div className="flex items-start gap-2">
            <input
              {...getInputProps(fields.releaseSeats, { type: "checkbox", value: "on", ariaAttributes: false })}
              key={fields.releaseSeats.key}
              aria-describedby={`${fields.releaseSeats.id}-hint`}
              className="mt-1 h-4 w-4"
            />
            <div>
              <label htmlFor={fields.releaseSeats.id} className="text-sm font-medium text-slate-800">
                {t("refunds.releaseSeats")}
              </label>
              <p id={`${fields.releaseSeats.id}-hint`} className="text-sm text-slate-700">
                {t("refunds.releaseSeatsHint")}
              </p>
            </div>
          </div>
        ) : null}
        <SubmitButton pending={pending} label={t("refunds.submit")} pendingLabel={t("refunds.submitting")} />
      </Form>
      {/* A refund needs a fresh check: "Confirm it's you", then the refund as sent (its one form sends no intent). */}
      <ReauthPrompt />
    </CardSection>
  );
}
