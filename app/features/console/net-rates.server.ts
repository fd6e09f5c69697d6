import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { minorUnitDigits, toMinorUnits } from "~contract/money";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint } from "~/platform/form.server";
import { idParam, requireParams } from "~/platform/http.server";
import { moneyOf, requireConsolePage, type ConsoleCaller } from "./console.server";
import { intentAction } from "./intent-action.server";
import { netRatesSchema } from "./net-rate-schemas";

const resellerParams = { resellerId: idParam };

/**
 * /console/resellers/:resellerId/net-rates (owner, manager): every ticket type the reseller may
 * sell, with its price and the reseller's net rate (empty: its commission), in one form.
 */
export async function loadNetRatesPage({ request, params }: LoaderFunctionArgs) {
  const [{ resellerId }, { api, t }] = await Promise.all([
    requireParams(request, params, resellerParams),
    requireConsolePage(request, "manageResellers"),
  ]);
  const rates = await orNotFound(request, api.call("operatorResellerNetRates", { params: { resellerId } }));
  const digits = minorUnitDigits(rates.currency);
  return withFlash(request, {
    rates,
    digits,
    constraint: getZodConstraint(netRatesSchema(digits)),
    title: t("netRates.title", { name: rates.reseller.name }),
  });
}

const digitsOf = ({ me }: ConsoleCaller) => minorUnitDigits(moneyOf(me, "manageResellers").currency);

/**
 * The rates typed become the reseller's (operatorSetResellerNetRates, all at once); a rate above
 * its ticket's price is refused on its own field before anything is sent.
 */
export const netRatesAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageResellers",
    params: resellerParams,
    forms: { netRates: (caller: ConsoleCaller) => netRatesSchema(digitsOf(caller)) },
    async run(value, context, submission) {
      const { api, params, formId } = context;
      const digits = digitsOf(context);
      const current = await api.call("operatorResellerNetRates", { params });
      const retail = new Map(current.lines.map((line) => [line.ticketTypeId, line.retailMinor]));
      const fieldErrors: Record<string, string[]> = {};
      const rates = value.rates.flatMap((row, index) => {
        if (row.net === undefined) return [];
        const netMinor = toMinorUnits(row.net, digits);
        if (netMinor > (retail.get(row.ticketTypeId) ?? 0))
          fieldErrors[`rates[${index}].net`] = ["netRates.aboveRetail"];
        return [{ ticketTypeId: row.ticketTypeId, netMinor }];
      });
      if (Object.keys(fieldErrors).length > 0)
        return { answer: formResult(submission.reply({ fieldErrors }), { intent: formId, status: 400 }) };
      await api.call("operatorSetResellerNetRates", { params, body: { rates } });
      return { flash: "netRates.saved" };
    },
  });
