import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { formatMoney } from "~/ui/format";
import { clearStoredPromoCode } from "~/features/marketing/marketing.client";
import type { loadConfirmPage } from "~/features/booking/confirm.server";

/** The promo code's form (a GET: the code joins the address), what it did, and a referral's note. */
export function PromoCodeForms() {
  const { quote, promoCode, selectionQuery: query, waitlistOffer } = useLoaderData<typeof loadConfirmPage>();
  const { t, i18n } = useTranslation();
  const selectionParams = new URLSearchParams(query);
  return (
    <>
      <Form method="get" className="mt-6 flex items-end gap-2" preventScrollReset>
        {[...selectionParams.entries()].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {waitlistOffer ? <input type="hidden" name="offer" value={waitlistOffer} /> : null}
        <label className="flex-1 text-sm font-medium text-slate-700">
          {t("confirm.promoCode")}
          <input
            name="promo"
            defaultValue={promoCode}
            maxLength={32}
            autoCapitalize="characters"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base uppercase"
          />
        </label>
        <Button variant="outline">{t("confirm.applyPromo")}</Button>
      </Form>
      {quote?.promo ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="status" className={`text-sm ${quote.promo.valid ? "text-emerald-800" : "text-red-700"}`}>
            {quote.promo.valid
              ? t("confirm.promoApplied", { code: quote.promo.code })
              : t("confirm.promoInvalid", { code: quote.promo.code })}
          </p>
          <Form method="post" preventScrollReset onSubmit={() => clearStoredPromoCode()}>
            <input type="hidden" name="intent" value="remove-promo" />
            <button type="submit" className="text-sm font-medium text-brand-ink underline" data-testid="remove-promo">
              {t("confirm.removePromo", { code: quote.promo.code })}
            </button>
          </Form>
        </div>
      ) : null}
      {quote?.referral && !quote.promo && (quote.referral.applied || quote.referral.reason) ? (
        <p role="status" data-testid="referral-note" className="mt-2 text-sm text-slate-800">
          {quote.referral.applied
            ? t("referrals.applied", {
                name: quote.referral.firstName ?? t("referrals.aFriend"),
                amount: formatMoney(quote.referral.discountMinor, quote.currency, i18n.language),
              })
            : t(`referrals.${quote.referral.reason ?? "referral_not_found"}`)}
        </p>
      ) : null}
    </>
  );
}
