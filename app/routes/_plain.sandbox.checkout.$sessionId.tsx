import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNotFound } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { formatMoney } from "~/ui/format";
import { idParam, passHeaders, requireParams } from "~/platform/http.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { safeRedirectPath } from "~/platform/redirects";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { CardSchema } from "~/features/checkout/card-form.server";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { AlertMessage, StatusMessage } from "~/ui/status-message";

/** The sandbox provider's hosted checkout: test cards only, no money moves. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { sessionId } = await requireParams(request, params, { sessionId: idParam });
  const checkout = await orNotFound(request, apiFor(request).call("sandboxCheckout", { params: { sessionId } }));
  const t = await i18next.getFixedT(request);
  return { checkout, constraint: getZodConstraint(CardSchema), title: t("checkout.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** The card the API refused, on its field (card number, expiry or CVC). */
const CARD_REFUSED = {
  codes: { card_invalid: { field: "cardNumber", key: "checkout.cardInvalid" } },
  fields: { cardNumber: "checkout.cardInvalid", expiry: "checkout.expiryInvalid", cvc: "checkout.cvcInvalid" },
  hideFields: ["cvc"],
};

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { sessionId } = await requireParams(request, params, { sessionId: idParam });
  const submission = parseWithZod(await readFormData(request), { schema: CardSchema });
  if (submission.status !== "success") return formResult(submission.reply({ hideFields: ["cvc"] }));
  try {
    const paid = await apiFor(request).call("paySandboxCheckout", {
      params: { sessionId },
      body: {
        cardNumber: submission.value.cardNumber,
        expiry: submission.value.expiry,
        cvc: submission.value.cvc,
        saveCard: Boolean(submission.value.saveCard),
      },
    });
    return redirect(safeRedirectPath(paid.redirectUrl));
  } catch (error) {
    return apiErrorResult(error, submission, CARD_REFUSED);
  }
}

export default function SandboxCheckout() {
  const { checkout, constraint, title } = useLoaderData<typeof loader>();
  const lastResult = useFormResult();
  const paying = useIsPending();
  const { t, i18n } = useTranslation();
  const [form, fields] = useForm({
    id: "card",
    lastResult,
    constraint,
    ...useFormValidation(
      () => import("~/features/checkout/card-schema"),
      (schemas) => schemas.CardSchema,
    ),
  });
  const amount = formatMoney(checkout.amountMinor, checkout.currency, i18n.language);
  const open = checkout.status === "open";
  const paid = checkout.status === "paid";
  // A paid checkout (reached again with Back) leads on: to the booking it paid for, or where the payment returns.
  const paidLink = checkout.bookingId ? `/account/booking/${checkout.bookingId}` : checkout.paidUrl;
  return (
    <main id="main" className="min-h-screen bg-slate-100 px-4 py-10">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">{t("checkout.hint")}</p>
        <p className="mt-4 text-sm text-slate-600">{checkout.title}</p>
        <p className="text-2xl font-semibold" data-testid="checkout-amount">
          <span className="sr-only">{t(paid ? "checkout.amountPaid" : "checkout.amount")}: </span>
          {amount}
        </p>
        {open ? (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <FormError errors={form.errors} id={form.errorId} />
            <TextField
              field={fields.cardNumber}
              label={t("checkout.cardNumber")}
              inputMode="numeric"
              autoComplete="cc-number"
            />
            <div className="grid grid-cols-2 gap-4">
              <TextField field={fields.expiry} label={t("checkout.expiry")} autoComplete="cc-exp" />
              <TextField field={fields.cvc} label={t("checkout.cvc")} inputMode="numeric" autoComplete="cc-csc" />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.saveCard, { type: "checkbox" })} className="h-4 w-4" />
              {t("checkout.saveCard")}
            </label>
            <SubmitButton pending={paying} label={t("checkout.pay", { amount })} pendingLabel={t("checkout.paying")} />
          </Form>
        ) : paid ? (
          <div className="mt-6" data-testid="checkout-paid">
            <StatusMessage>{t("checkout.paid")}</StatusMessage>
            {paidLink ? (
              <Link to={paidLink} className="mt-4 inline-block font-medium text-brand-ink underline">
                {t(checkout.bookingId ? "checkout.seeBooking" : "checkout.continue")}
              </Link>
            ) : null}
          </div>
        ) : (
          <div className="mt-6">
            <AlertMessage>{t("apiErrors.checkout_closed")}</AlertMessage>
            {checkout.cancelUrl ? (
              <Link to={checkout.cancelUrl} className="mt-4 inline-block font-medium text-brand-ink underline">
                {t("checkout.cancel")}
              </Link>
            ) : null}
          </div>
        )}
      </div>
    </main>
  );
}
