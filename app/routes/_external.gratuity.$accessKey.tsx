import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { chosenAmount, TipFormSchema } from "~/features/tips/tip-form.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNotFound, orTooManyRequests } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { idParam, passHeaders, requireParams } from "~/platform/http.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { useTranslation } from "~/platform/i18n-react";
import { slotDay, slotTime } from "~/features/booking/availability";
import { paidWith } from "~/features/account/card-label";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { formatMoney, formatPercent } from "~/ui/format";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { formatDate, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { minorUnitDigits } from "~contract/money";

/**
 * An unknown or malformed key: the spec's 404 for a route that does not validate; past the API's
 * per-address limit, the 429 page with its Retry-After.
 */
function loadTipPage(request: Request, accessKey: string) {
  return orTooManyRequests(request, orNotFound(request, apiFor(request).call("tipPage", { params: { accessKey } })));
}

/** While a tip just paid is being confirmed, the page asks again every few seconds, this many times at most. */
const CONFIRMING_REFRESH_SECONDS = 3;
const CONFIRMING_CHECKS = 20;

/**
 * Back from paying (`?paid=1`) with the tip still pending: the page refreshes itself (a meta
 * refresh: with or without JavaScript; each load asks the provider) until the tip is paid, up to
 * CONFIRMING_CHECKS times (`check` counts them); then it says to come back later.
 */
function confirmingState(url: URL, tip: { status: "pending" | "paid" } | null) {
  const returned = url.searchParams.get("paid") === "1";
  if (!returned || tip?.status !== "pending") return { returned, refresh: null, gaveUp: false };
  const check = Math.max(0, Math.floor(Number(url.searchParams.get("check")) || 0));
  if (check >= CONFIRMING_CHECKS) return { returned, refresh: null, gaveUp: true };
  const next = `${url.pathname}?${new URLSearchParams({ paid: "1", check: String(check + 1) })}`;
  return { returned, refresh: `${CONFIRMING_REFRESH_SECONDS};url=${next}`, gaveUp: false };
}

/** A tip link from the post-trip email: no sign-in, the key is the way in. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { accessKey } = await requireParams(request, params, { accessKey: idParam });
  const [page, t] = await Promise.all([loadTipPage(request, accessKey), i18next.getFixedT(request)]);
  return {
    page,
    ...confirmingState(new URL(request.url), page.tip),
    constraint: getZodConstraint(TipFormSchema),
    title: t("gratuity.title"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const tags = pageMeta(matches, data, [NOINDEX]);
  return data?.refresh ? [...tags, { httpEquiv: "refresh", content: data.refresh }] : tags;
};

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { accessKey } = await requireParams(request, params, { accessKey: idParam });
  const submission = parseWithZod(await readFormData(request), { schema: TipFormSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const api = apiFor(request);
  const page = await loadTipPage(request, accessKey);
  const amount = chosenAmount(submission.value, minorUnitDigits(page.currency));
  try {
    const started = await api.call("startTip", { params: { accessKey }, body: { amount } });
    return redirect(started.checkoutUrl);
  } catch (error) {
    return apiErrorResult(error, submission);
  }
}

export default function GratuityPage() {
  const { page, returned, gaveUp, constraint, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, page.currency, i18n.language);
  const { booking, tip } = page;
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <section aria-label={booking.experienceTitle} className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
        <p className="font-semibold text-slate-900">{booking.experienceTitle}</p>
        <p>{booking.serviceName}</p>
        <p>
          {t("gratuity.when", {
            day: slotDay(booking.startsAt, booking.timezone, i18n.language),
            time: slotTime(booking.startsAt, booking.timezone, i18n.language),
            timezone: booking.timezone.split("/").pop()!.replace(/_/g, " "),
          })}
        </p>
        <p>{booking.guide ?? booking.operatorName}</p>
        <p className="text-slate-600">{t("gratuity.booking", { reference: booking.reference })}</p>
      </section>
      {tip?.status === "paid" ? (
        <div role="status" data-testid="tip-thanks" className="mt-6 rounded-lg bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">{t("gratuity.thanks", { amount: money(tip.amountMinor) })}</p>
          {tip.paidAt ? (
            <p className="mt-1 text-sm">
              <time dateTime={tip.paidAt}>
                {t("gratuity.paidOn", {
                  date: formatDate(tip.paidAt, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language }),
                })}
              </time>
            </p>
          ) : null}
          {tip.card ? <p className="text-sm">{t("gratuity.paidWith", { card: paidWith(tip.card, t) })}</p> : null}
        </div>
      ) : (
        <>
          {returned ? (
            <p
              role="status"
              className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="tip-confirming"
            >
              {t(gaveUp ? "gratuity.stillConfirming" : "gratuity.confirming")}
            </p>
          ) : tip ? (
            <p className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {t("gratuity.unfinished", { amount: money(tip.amountMinor) })}
            </p>
          ) : null}
          <p className="mt-6 text-slate-700">{t("gratuity.intro", { operator: booking.operatorName })}</p>
          <TipForm constraint={constraint} />
        </>
      )}
    </>
  );
}

function TipForm({ constraint }: { constraint: ReturnType<typeof useLoaderData<typeof loader>>["constraint"] }) {
  const { page } = useLoaderData<typeof loader>();
  const lastResult = useFormResult();
  const paying = useIsPending();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, page.currency, i18n.language);
  const [form, fields] = useForm({
    id: "tip",
    lastResult,
    constraint,
    defaultValue: { choice: String(page.presets[1]?.amountMinor ?? page.presets[0]?.amountMinor) },
    ...useFormValidation(
      () => import("~/features/tips/tip-schema"),
      (schemas) => schemas.TipFormSchema,
    ),
  });
  const customId = `${fields.custom.id}-field`;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <FormError errors={form.errors} id={form.errorId} />
      <fieldset>
        <legend className="font-semibold">{t("gratuity.amount")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {page.presets.map((preset) => (
            <label
              key={preset.amountMinor}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
            >
              <input
                type="radio"
                name={fields.choice.name}
                value={String(preset.amountMinor)}
                defaultChecked={fields.choice.initialValue === String(preset.amountMinor)}
                required
              />
              {preset.percent === null
                ? t("gratuity.fixed", { amount: money(preset.amountMinor) })
                : t("gratuity.percent", {
                    percent: formatPercent(preset.percent, i18n.language),
                    amount: money(preset.amountMinor),
                  })}
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5">
            <input
              type="radio"
              name={fields.choice.name}
              value="custom"
              defaultChecked={fields.choice.initialValue === "custom"}
            />
            {t("gratuity.other")}
          </label>
        </div>
        <FieldError field={fields.choice} />
      </fieldset>
      <div>
        <label htmlFor={customId} className="block text-sm font-medium text-slate-800">
          {t("gratuity.customLabel", { currency: page.currency })}
        </label>
        <input
          id={customId}
          name={fields.custom.name}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={fields.custom.initialValue as string | undefined}
          aria-describedby={`${customId}-hint${fields.custom.errors?.length ? ` ${fields.custom.errorId}` : ""}`}
          aria-invalid={fields.custom.errors?.length ? true : undefined}
          className="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        <p id={`${customId}-hint`} className="mt-1 text-xs text-slate-600">
          {t("gratuity.customHint", { min: money(page.minMinor), max: money(page.maxMinor) })}
        </p>
        <FieldError field={fields.custom} />
      </div>
      <SubmitButton pending={paying} label={t("gratuity.submit")} pendingLabel={t("gratuity.paying")} />
    </Form>
  );
}
