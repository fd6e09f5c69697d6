import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { formatMoney } from "~/ui/format";
import type { loadConfirmPage } from "~/features/booking/confirm.server";
import { ADD_ON_PARAM } from "./add-on-params";

/**
 * The add-ons on offer (issue 46, item 2): a quantity each, in a GET form whose button prices them
 * (the address carries them, so the total and Pay know them without JavaScript).
 */
export function AddOnsChoice() {
  const { quote, selectionQuery: query, waitlistOffer } = useLoaderData<typeof loadConfirmPage>();
  const { t, i18n } = useTranslation();
  if (!quote || quote.addOnsOffered.length === 0) return null;
  // The selection and the promo code stay; the add-ons' own parameters are this form's fields.
  const kept = [...new URLSearchParams(query).entries()].filter(([name]) => !name.startsWith(ADD_ON_PARAM));
  const chosen = new Map(quote.breakdown.addOns.map((line) => [line.addOnId, line.quantity]));
  const guests = quote.breakdown.seats;
  return (
    <Form method="get" className="mt-6 rounded-xl border border-slate-200 p-4" preventScrollReset>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {quote.promo ? <input type="hidden" name="promo" value={quote.promo.code} /> : null}
      {waitlistOffer ? <input type="hidden" name="offer" value={waitlistOffer} /> : null}
      <fieldset>
        <legend className="text-sm font-semibold">{t("addOns.yours")}</legend>
        {quote.addOnsOffered.map((addOn) => {
          const most = Math.min(
            addOn.maxPerBooking ?? Infinity,
            addOn.per === "guest" ? guests : Infinity,
            addOn.left ?? Infinity,
            50,
          );
          const id = `add-on-${addOn.id}`;
          return (
            <div key={addOn.id} className="mt-3" data-testid="add-on-choice">
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                {t("addOns.quantity", {
                  name: addOn.name,
                  price: formatMoney(addOn.priceMinor, quote.currency, i18n.language),
                  per: addOn.per === "guest" ? t("addOns.perGuestNote") : "",
                })}
              </label>
              {addOn.description ? <p className="text-sm text-slate-600">{addOn.description}</p> : null}
              {addOn.left !== null ? (
                <p className="text-sm text-slate-600">
                  {addOn.left > 0 ? t("addOns.left", { count: addOn.left }) : t("addOns.soldOut")}
                </p>
              ) : null}
              <input
                id={id}
                name={`${ADD_ON_PARAM}${addOn.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={Math.max(0, most)}
                defaultValue={chosen.get(addOn.id) ?? 0}
                className="mt-1 w-24 rounded-md border border-slate-300 px-3 py-2 text-base"
              />
            </div>
          );
        })}
      </fieldset>
      <Button variant="outline" className="mt-3">
        {t("addOns.update")}
      </Button>
    </Form>
  );
}
