import { getInputProps, useForm } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { formatMoney, toMajorUnits } from "~contract/money";
import type { loadNetRatesPage } from "~/features/console/net-rates.server";
import type { NetRatesValue } from "~/features/console/net-rate-schemas";
import { useTranslation } from "~/platform/i18n-react";
import { BackLink } from "~/ui/back-link";
import { formatPercent } from "~/ui/format";
import { formVersion } from "~/ui/form-version";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { StatusMessage } from "~/ui/status-message";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { Cell } from "../prices/prices-form";
import { asText } from "../prices/use-price-form";

const HEAD = "pb-2 pr-3 font-medium text-slate-800";
const CELL = "py-2 pr-3 align-top";

/**
 * A reseller's net rates (issue 47): every ticket type it may sell, its price, and what the
 * reseller owes for one ticket of it; an empty one means the ticket's price less the reseller's
 * commission. One form, saved all at once; no JavaScript needed.
 */
export function NetRatesPage() {
  const { rates, digits, constraint, title, flash } = useLoaderData<typeof loadNetRatesPage>();
  const { t, i18n } = useTranslation();
  const { reseller, currency, lines } = rates;
  const validation = useFormValidation(
    () => import("~/features/console/net-rate-schemas"),
    (schemas) => schemas.netRatesSchema(digits),
  ) as Partial<Parameters<typeof useForm<NetRatesValue>>[0]>;
  const [form, fields] = useForm<NetRatesValue>({
    // Saved, the form starts again from the rates as kept (with JavaScript too); a refusal keeps what was typed.
    id: `net-rates-${formVersion(lines.map((line) => `${line.ticketTypeId}=${line.netMinor ?? ""}`))}`,
    lastResult: useFormResult("netRates"),
    defaultValue: {
      rates: lines.map((line) => ({
        ticketTypeId: line.ticketTypeId,
        net: line.netMinor === null ? "" : toMajorUnits(line.netMinor, digits),
      })),
    } as never,
    constraint,
    ...validation,
  });
  const rows = fields.rates.getFieldList();
  const pending = useIsPending({ intent: "netRates" });
  const commission = formatPercent(reseller.commissionBps / 100, i18n.language);
  return (
    <>
      <BackLink to="/console/resellers">{t("netRates.back")}</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">
        {t("netRates.intro", { name: reseller.name, commission })}
      </p>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      {lines.length === 0 ? (
        <p className="mt-6 text-slate-700">{t("netRates.none")}</p>
      ) : (
        <IntentForm meta={form} intent="netRates" className="mt-6 space-y-4" aria-labelledby="net-rates-caption">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption id="net-rates-caption" className="mb-2 text-left font-semibold text-slate-900">
                {t("netRates.caption", { name: reseller.name })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={HEAD}>
                    {t("netRates.ticketColumn")}
                  </th>
                  <th scope="col" className={`${HEAD} text-right`}>
                    {t("netRates.priceColumn")}
                  </th>
                  <th scope="col" className={HEAD}>
                    {t("netRates.netColumn", { currency })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => {
                  const line = lines[index];
                  const cells = row.getFieldset();
                  if (!line) return null;
                  const ticket = t("netRates.ticketOf", {
                    ticket: line.ticketTypeName,
                    service: line.serviceName,
                    experience: line.experienceTitle,
                  });
                  return (
                    <tr key={row.key} data-testid="net-rate" className="border-t border-slate-200">
                      <th scope="row" className={`${CELL} font-normal text-slate-900`}>
                        <span className="font-medium">{line.ticketTypeName}</span>
                        <span className="block text-slate-700">
                          {line.experienceTitle} · {line.serviceName}
                        </span>
                        <input
                          {...getInputProps(cells.ticketTypeId, { type: "hidden", ariaAttributes: false })}
                          key={cells.ticketTypeId.key}
                        />
                      </th>
                      <td className={`${CELL} whitespace-nowrap text-right text-slate-800`}>
                        {formatMoney(line.retailMinor, currency, i18n.language)}
                      </td>
                      <td className={`${CELL} w-40`}>
                        <Cell
                          field={asText(cells.net)}
                          label={t("netRates.netOf", { ticket, currency })}
                          inputMode={digits > 0 ? "decimal" : "numeric"}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-slate-700">{t("netRates.emptyHint", { commission })}</p>
          <SubmitButton pending={pending} label={t("netRates.save")} pendingLabel={t("login.saving")} />
        </IntentForm>
      )}
    </>
  );
}
