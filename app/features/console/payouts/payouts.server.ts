import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { MoneyStatement, PayoutsPage } from "~contract/payouts/money-outputs";
import { PAYOUT_SCHEMAS, scheduleBody } from "~/features/console/console-forms.server";
import { requireUnlistedConsoleAbility, requireUnlistedConsolePage } from "~/features/console/console.server";
import { intentAction } from "~/features/console/intent-action.server";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { idParam, requireParams } from "~/platform/http.server";
import { PAYOUT_ACCOUNT_FORMS, startOnboarding } from "./payout-account.server";
import type { PayoutsPageData } from "./payouts-data";

/** What the address asks of the page: the statement's month, the payouts list's page. */
function pageQuery(request: Request) {
  const url = new URL(request.url);
  return { month: url.searchParams.get("month") || undefined, cursor: url.searchParams.get("cursor") || undefined };
}

/**
 * The API's answer to what the address asks (`read(true)`), or, when it refuses that as invalid
 * (a month, a page cursor it cannot read), its answer to the default (`read(false)`), and whether
 * it refused.
 */
async function askedOrDefault<T>(read: (asked: boolean) => Promise<T>): Promise<{ value: T; refused: boolean }> {
  try {
    return { value: await read(true), refused: false };
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    return { value: await read(false), refused: true };
  }
}

/**
 * /console/payouts?month=YYYY-MM&cursor=…: the operator's money (owner and manager; a guide gets
 * the 404 page): the balance and next payout, the schedule (the owner's form; a manager reads it),
 * a page of payouts and the month's statement. A month or a page the API cannot read shows this
 * month's statement or the first page instead, and says so. Each part is its own section of the
 * page (./payouts-page.tsx), its data its own key here.
 */
export async function loadPayoutsPage({ request }: LoaderFunctionArgs) {
  const { api, me, t } = await requireUnlistedConsolePage(request, "readPayouts");
  const { month, cursor } = pageQuery(request);
  const returned = new URL(request.url).searchParams.get("onboarding");
  const [payoutAccount, balance, payouts, statement] = await Promise.all([
    api.call("operatorPayoutAccount"),
    api.call("operatorBalance"),
    askedOrDefault<PayoutsPage>((asked) =>
      api.call("operatorListPayouts", { query: { cursor: asked ? cursor : undefined } }),
    ),
    askedOrDefault<MoneyStatement>((asked) =>
      api.call("operatorMoneyStatement", { query: { month: asked ? month : undefined } }),
    ),
  ]);
  const page: Omit<PayoutsPageData, "flash"> = {
    payoutAccount,
    canStartOnboarding: me.can.managePayouts,
    returned: returned === "done" || returned === "again" ? returned : null,
    balance,
    payouts: payouts.value,
    paged: Boolean(cursor) && !payouts.refused,
    statement: statement.value,
    invalidMonth: statement.refused,
    canManage: me.can.managePayouts,
    constraints: { schedule: getZodConstraint(PAYOUT_SCHEMAS.schedule) },
    title: t("payouts.title"),
  };
  return withFlash(request, page);
}

/**
 * The page's forms, the owner's: "Set up payouts" (on to the provider's onboarding) and the
 * schedule. A guide gets the 404 page (the page is not theirs to know), a manager the console's
 * refusal (403); 409 `payout_account_missing` is said on the schedule's form.
 */
export async function payoutsAction(args: ActionFunctionArgs) {
  await requireUnlistedConsoleAbility(args.request, "readPayouts");
  return intentAction(args, {
    ability: "managePayouts",
    forms: { ...PAYOUT_SCHEMAS, ...PAYOUT_ACCOUNT_FORMS },
    shown: {
      codes: { payout_account_missing: { key: "payouts.schedule.noAccount" } },
      fields: { minimum: "validation.payoutMinimumInvalid", holdDays: "validation.holdDaysInvalid" },
    },
    async run(value, { api }) {
      if (value.intent !== "schedule") return startOnboarding(api);
      await api.call("operatorUpdatePayoutSchedule", { body: scheduleBody(value) });
      return { flash: "payouts.schedule.saved" };
    },
  });
}

const payoutParams = { payoutId: idParam };

/** /console/payouts/{id}: one payout and the bookings it paid (another operator's or none: the 404 page). */
export async function loadPayoutPage({ request, params }: LoaderFunctionArgs) {
  const [{ payoutId }, { api, me, t }] = await Promise.all([
    requireParams(request, params, payoutParams),
    requireUnlistedConsolePage(request, "readPayouts"),
  ]);
  const payout = await orNotFound(request, api.call("operatorPayout", { params: { payoutId } }));
  return { payout, timeZone: me.account.timeZone, title: t("payouts.payout.title") };
}
