import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { minorUnitDigits, toMajorUnits } from "~contract/money";
import type { BuySchema } from "~/features/gift-cards/buy-form.server";
import type { loadBuyGiftCard } from "~/features/gift-cards/buy.server";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { formatMoney } from "~/ui/format";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import { FieldFrame, fieldAria } from "~/ui/field-frame";
import { useRootData } from "~/platform/root-data";
import { NotTakingBookings } from "~/features/storefront/not-taking-bookings";

/** The browser's time zone, once it runs: the delivery date is a day where the buyer is (UTC without JavaScript). */
function useBrowserTimeZone(): string {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  return zone;
}

/** The gift card's amount, recipient, message and delivery day, one native form. */
export function BuyGiftCardPage() {
  const { offer, senderName, constraint, title } = useLoaderData<typeof loadBuyGiftCard>();
  const { t, i18n } = useTranslation();
  const lastResult = useFormResult();
  const pending = useIsPending();
  const timeZone = useBrowserTimeZone();
  const digits = minorUnitDigits(offer.currency);
  const money = (minor: number) => formatMoney(minor, offer.currency, i18n.language);
  const [form, fields] = useForm<z.input<typeof BuySchema>>({
    id: "buy-gift-card",
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    defaultValue: { amount: toMajorUnits(offer.presetsMinor[1] ?? offer.minMinor, digits), senderName },
  });
  const message = (key?: string[]) => key?.map((code) => t(code)).join(" ");
  // A suspended operator's storefront sells no gift card (the API answers 409 operator_suspended): no form.
  const account = useRootData()?.account;
  if (account && !account.takingBookings)
    return (
      <>
        <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
        <div className="mt-6">
          <NotTakingBookings operatorName={account.name} headingLevel={2} />
        </div>
      </>
    );
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-2 text-slate-700">
        {offer.operatorName
          ? t("giftCards.buy.introOperator", { operator: offer.operatorName })
          : t("giftCards.buy.intro", { currency: offer.currency })}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <FormError errors={form.errors?.map((key) => t(key))} id={form.errorId} />
        <TextField
          field={fields.amount}
          label={t("giftCards.buy.amount", { currency: offer.currency })}
          hint={t("giftCards.buy.amountHint", { min: money(offer.minMinor), max: money(offer.maxMinor) })}
          inputMode="decimal"
          messageValues={{ min: money(offer.minMinor), max: money(offer.maxMinor) }}
        />
        <TextField
          field={fields.recipientEmail}
          label={t("giftCards.buy.recipientEmail")}
          type="email"
          autoComplete="off"
        />
        <TextField field={fields.recipientName} label={t("giftCards.buy.recipientName")} autoComplete="off" />
        <TextField field={fields.senderName} label={t("giftCards.buy.senderName")} autoComplete="given-name" />
        <FieldFrame
          field={{
            id: fields.message.id,
            errorId: fields.message.errorId,
            errors: fields.message.errors?.map((key) => t(key)),
          }}
          label={t("giftCards.buy.message")}
        >
          <textarea
            {...getTextareaProps(fields.message, { ariaAttributes: false })}
            rows={3}
            {...fieldAria(fields.message, false)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </FieldFrame>
        <FieldFrame
          field={{
            id: fields.deliverOn.id,
            errorId: fields.deliverOn.errorId,
            errors: fields.deliverOn.errors ? [message(fields.deliverOn.errors)!] : undefined,
          }}
          label={t("giftCards.buy.deliverOn")}
          hint={t("giftCards.buy.deliverOnHint", { days: offer.deliveryDays })}
        >
          <input
            {...getInputProps(fields.deliverOn, { type: "date", ariaAttributes: false })}
            {...fieldAria(fields.deliverOn, true)}
            className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </FieldFrame>
        <input type="hidden" name="timeZone" value={timeZone} />
        <p className="text-sm text-slate-700">{t("giftCards.buy.noGiftCards")}</p>
        <SubmitButton
          pending={pending}
          label={t("giftCards.buy.submit")}
          pendingLabel={t("giftCards.buy.submitting")}
        />
      </Form>
    </>
  );
}
