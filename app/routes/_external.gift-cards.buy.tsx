import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { minorUnitDigits, toMajorUnits, toMinorUnits } from "~contract/money";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint, parseWithZod, readFormData, type z } from "~/platform/form.server";
import { BuySchema } from "~/features/gift-cards/buy-form.server";
import { passHeaders } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { formatMoney } from "~/ui/format";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

/** /gift-cards/buy: a gift card of this storefront (or the marketplace), paid through the checkout. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request);
  const [offer, t] = await Promise.all([apiFor(request, { token }).call("giftCardOffer"), i18next.getFixedT(request)]);
  return {
    offer,
    senderName: user.firstName ?? "",
    constraint: getZodConstraint(BuySchema),
    title: offer.operatorName ? t("giftCards.buy.titleOf", { operator: offer.operatorName }) : t("giftCards.buy.title"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireToken(request);
  const submission = parseWithZod(await readFormData(request), { schema: BuySchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const api = apiFor(request, { token });
  const offer = await api.call("giftCardOffer");
  const { amount, recipientName, message, deliverOn, timeZone, ...rest } = submission.value;
  const amountMinor = toMinorUnits(amount, minorUnitDigits(offer.currency));
  if (amountMinor < offer.minMinor || amountMinor > offer.maxMinor)
    return formResult(submission.reply({ fieldErrors: { amount: ["giftCards.buy.amountRange"] } }));
  try {
    const bought = await api.call("buyGiftCard", {
      body: {
        ...rest,
        amountMinor,
        ...(recipientName ? { recipientName } : {}),
        ...(message ? { message } : {}),
        ...(deliverOn ? { deliverOn } : {}),
        ...(timeZone ? { timeZone } : {}),
        returnPath: "/gift-cards?bought=1",
      },
    });
    return redirect(bought.checkoutUrl);
  } catch (error) {
    return apiErrorResult(error, submission, {
      fields: { deliverOn: "giftCards.buy.dateInvalid", recipientEmail: "giftCards.buy.recipientEmailInvalid" },
    });
  }
}

/** The browser's time zone, once it runs: the delivery date is a day where the buyer is (UTC without JavaScript). */
function useBrowserTimeZone(): string {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  return zone;
}

export default function BuyGiftCardPage() {
  const { offer, senderName, constraint, title } = useLoaderData<typeof loader>();
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
        <div>
          <label htmlFor={fields.message.id} className="block text-sm font-medium text-slate-800">
            {t("giftCards.buy.message")}
          </label>
          <textarea
            {...getTextareaProps(fields.message, { ariaAttributes: false })}
            rows={3}
            aria-invalid={fields.message.errors?.length ? true : undefined}
            aria-describedby={fields.message.errors?.length ? fields.message.errorId : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <FieldError field={{ ...fields.message, errors: fields.message.errors?.map((key) => t(key)) }} />
        </div>
        <div>
          <label htmlFor={fields.deliverOn.id} className="block text-sm font-medium text-slate-800">
            {t("giftCards.buy.deliverOn")}
          </label>
          <input
            {...getInputProps(fields.deliverOn, { type: "date", ariaAttributes: false })}
            aria-describedby={`${fields.deliverOn.id}-hint${fields.deliverOn.errors?.length ? ` ${fields.deliverOn.errorId}` : ""}`}
            aria-invalid={fields.deliverOn.errors?.length ? true : undefined}
            className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <p id={`${fields.deliverOn.id}-hint`} className="mt-1 text-xs text-slate-600">
            {t("giftCards.buy.deliverOnHint", { days: offer.deliveryDays })}
          </p>
          <FieldError
            field={{
              ...fields.deliverOn,
              errors: fields.deliverOn.errors ? [message(fields.deliverOn.errors)!] : undefined,
            }}
          />
        </div>
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
