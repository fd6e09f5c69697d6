import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { OperatorBooking } from "~contract/operator/refunds";
import { ReauthPrompt } from "~/features/auth/reauth-fields";
import type { loadConsoleBookingPage, RefundConflict } from "~/features/console/console-booking.server";
import { useTranslation } from "~/platform/i18n-react";
import { BackLink } from "~/ui/back-link";
import { CheckboxField } from "~/ui/checkbox-field";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { formatMoney } from "~/ui/format";
import { StatusMessage } from "~/ui/status-message";
import { TextAreaField } from "~/ui/text-area-field";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { CardSection } from "~/ui/labelled-section";
import { GuestMessageForm, useMessageSent } from "../guest-message-form";
import { BookingHistoryList } from "./booking-history";
import { BookingFactsCard, RefundHistory } from "./booking-facts";
import { MoveForm } from "./move-form";

/**
 * One booking in the console: its facts; for owners and managers its money, refunds and the refund
 * form (a guide's page has no money at all); the message form and the booking's history.
 */
export function ConsoleBookingPage() {
  const { page, flash, title, history } = useLoaderData<typeof loadConsoleBookingPage>();
  const { t } = useTranslation();
  const { booking } = page;
  return (
    <>
      <BackLink to="/console">{t("refunds.back")}</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <BookingFactsCard page={page} />
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

/** "Refund the add-on X": each link fills the form in with that add-on's price (a GET, no JavaScript needed). */
function AddOnRefundLinks({ money }: { money: Money }) {
  const { t, i18n } = useTranslation();
  if (money.addOns.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="refund-add-ons">
      {money.addOns.map((line) => (
        <li key={line.addOnId}>
          <a href={`?refundAddOn=${encodeURIComponent(line.addOnId)}#refund-heading`} className="text-brand underline">
            {t("refunds.refundAddOn", {
              name: line.name,
              quantity: line.quantity,
              amount: formatMoney(line.totalMinor, money.currency, i18n.language),
            })}
          </a>
        </li>
      ))}
    </ul>
  );
}

function RefundForm({ money }: { money: Money }) {
  const { digits, constraint, idempotencyKey, addOnRefund } = useLoaderData<typeof loadConsoleBookingPage>();
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
    defaultValue: (addOnRefund ?? undefined) as Record<string, string> | undefined,
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
      <AddOnRefundLinks money={money} />
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
        {money.refundIsGoodwill ? (
          <p className="text-sm text-slate-700" data-testid="refund-goodwill">
            {t("refunds.goodwillHint")}
          </p>
        ) : null}
        <TextAreaField field={fields.reason} label={t("refunds.reason")} rows={3} plain />
        {money.canReleaseSeats ? (
          <CheckboxField
            field={fields.releaseSeats}
            label={t("refunds.releaseSeats")}
            hint={t("refunds.releaseSeatsHint")}
          />
        ) : null}
        <SubmitButton pending={pending} label={t("refunds.submit")} pendingLabel={t("refunds.submitting")} />
      </Form>
      {/* A refund needs a fresh check: "Confirm it's you", then the refund as sent (its one form sends no intent). */}
      <ReauthPrompt />
    </CardSection>
  );
}
