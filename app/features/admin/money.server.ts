import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import { toMinorUnits } from "~contract/money";
import type { PlatformEarnings } from "~contract/payouts/money-outputs";
import { operatorParams } from "~contract/platform/applications";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireParams, routeNotFound } from "~/platform/http.server";
import { adminAction, listQueryOf, requireAdminPage } from "./admin.server";
import { CommissionSchema, OPERATOR_MONEY_SCHEMAS } from "./admin-forms.server";

/**
 * /admin/operators/:accountId?cursor=…: one operator's money as its console shows it (balance,
 * next payout, payouts a page at a time) and its commission's form. An unknown operator, or a
 * page the API cannot read: the 404 page.
 */
export async function loadOperatorMoney({ request, params }: LoaderFunctionArgs) {
  const [{ api, t }, { accountId }] = await Promise.all([
    requireAdminPage(request),
    requireParams(request, params, operatorParams.shape),
  ]);
  const { cursor } = listQueryOf(request, []);
  const money = await orNotFound(
    request,
    api.call("adminOperatorMoney", { params: { accountId }, query: { cursor } }),
    "operator_not_found",
  );
  return withFlash(request, {
    money,
    paged: Boolean(cursor),
    commissionConstraint: getZodConstraint(CommissionSchema),
    title: t("admin.money.title", { name: money.operator.name }),
  });
}

/** The commission's form: a percentage (empty: the platform's default), sent as basis points. */
export const operatorMoneyAction = (args: ActionFunctionArgs) =>
  adminAction(args, {
    params: operatorParams.shape,
    forms: OPERATOR_MONEY_SCHEMAS,
    shown: { fields: { commissionBps: "validation.commissionInvalid" } },
    async refusal(error, _submission, { request }) {
      if (isApiError(error, "operator_not_found")) throw await routeNotFound(request);
      return null;
    },
    async run(value, { api, params: { accountId } }) {
      const commissionBps = value.percent === undefined ? null : toMinorUnits(value.percent, 2);
      await api.call("adminSetCommission", { params: { accountId }, body: { commissionBps } });
      return { flash: commissionBps === null ? "admin.money.commissionDefault" : "admin.money.commissionSet" };
    },
  });

/**
 * /admin/earnings?from=&to=: what the platform earned over UTC dates (the last 30 days unless
 * asked), per currency and per operator; a range the API refuses shows the last 30 days and says so.
 */
export async function loadEarnings({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireAdminPage(request);
  const { filters } = listQueryOf(request, ["from", "to"]);
  let earnings: PlatformEarnings;
  let refused = false;
  try {
    earnings = await api.call("adminPlatformEarnings", {
      query: { from: filters.from || undefined, to: filters.to || undefined },
    });
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    refused = true;
    earnings = await api.call("adminPlatformEarnings");
  }
  return { earnings, refused, title: t("admin.earnings.title") };
}
