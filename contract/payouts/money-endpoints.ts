import { domain, endpoint } from "../endpoint";
import { operatorParams } from "../platform/applications";
import {
  adminCommission,
  adminOperatorMoney,
  moneyStatement,
  operatorBalance,
  payoutDetail,
  payoutSchedule,
  payoutsPage,
  platformEarnings,
} from "./money-outputs";
import {
  adminCommissionBody,
  adminEarningsQuery,
  adminOperatorMoneyQuery,
  payoutParams,
  payoutsQuery,
  statementQuery,
  updatePayoutScheduleBody,
} from "./money-requests";

/**
 * The operator's money (issue 45), read from the ledger in its currency's minor units: balance and
 * next payout, payouts with the bookings they paid, the monthly statement (JSON or CSV), and the
 * owner's payout schedule. Owners and managers read; only an owner changes the schedule.
 */
export const consoleMoneyEndpoints = domain("Operator console: payouts", {
  operatorBalance: endpoint({
    method: "GET",
    path: "/v1/operator/balance",
    summary:
      "The operator's balance: pending (its departures and hold not yet past), available, in transit and paid out; the platform's fees on its bookings; its payout schedule and the next payout's date and estimated amount (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    output: operatorBalance,
    errors: [],
  }),
  operatorListPayouts: endpoint({
    method: "GET",
    path: "/v1/operator/payouts",
    summary:
      "The operator's payouts, newest first, each with its status, amount, dates and how many bookings it paid; paged by `cursor` (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    query: payoutsQuery,
    output: payoutsPage,
    errors: [],
  }),
  operatorPayout: endpoint({
    method: "GET",
    path: "/v1/operator/payouts/:payoutId",
    summary: "One payout of the operator and the bookings it paid, each with its amount (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    params: payoutParams,
    output: payoutDetail,
    errors: ["payout_not_found"],
  }),
  operatorMoneyStatement: endpoint({
    method: "GET",
    path: "/v1/operator/statement",
    summary:
      "The monthly statement (`month`=YYYY-MM in the operator's zone, default this month): per booking what the traveller paid, the platform's fee, refunds, tips and the net, with totals and the month's payouts. JSON, or CSV (one row per booking and a totals row) with `Accept: text/csv` or `format=csv` (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    query: statementQuery,
    output: moneyStatement,
    alternateMedia: "text/csv",
    errors: [],
  }),
  operatorUpdatePayoutSchedule: endpoint({
    method: "PUT",
    path: "/v1/operator/payout-schedule",
    summary:
      'Set the payout schedule: daily, weekly (`day` 1 = Monday … 7 = Sunday) or monthly (`day` 1 to 28) in the operator\'s zone, the minimum payout (`minimum` in major units: "50.00") and the hold after each departure (0 to 30 days); audited. An operator without a payout account yet: 409 `payout_account_missing` (owner)',
    auth: "user",
    member: "owner",
    tenant: true,
    body: updatePayoutScheduleBody,
    output: payoutSchedule,
    errors: ["payout_account_missing"],
  }),
});

/**
 * The platform admins' side of the money (issue 45; 404 to anyone else, as every admin endpoint):
 * an operator's commission, its money, and what the platform earned.
 */
export const adminMoneyEndpoints = domain("Platform admin", {
  adminSetCommission: endpoint({
    method: "PUT",
    path: "/v1/admin/operators/:accountId/commission",
    summary:
      "Set an operator's commission in basis points (0 to 10000; null: the platform's default); bookings made from now on are sold at it, earlier ones keep theirs; audited",
    auth: "platformAdmin",
    params: operatorParams,
    body: adminCommissionBody,
    output: adminCommission,
    errors: ["operator_not_found"],
  }),
  adminOperatorMoney: endpoint({
    method: "GET",
    path: "/v1/admin/operators/:accountId/money",
    summary:
      "One operator's money as its console shows it (balance, next payout, payouts paged by `cursor`) and its commission",
    auth: "platformAdmin",
    params: operatorParams,
    query: adminOperatorMoneyQuery,
    output: adminOperatorMoney,
    errors: ["operator_not_found"],
  }),
  adminPlatformEarnings: endpoint({
    method: "GET",
    path: "/v1/admin/earnings",
    summary:
      "What the platform earned (commission and service fees, less what refunds gave back) over UTC dates `from`–`to` (default the last 30 days, at most 366), per currency and per operator",
    auth: "platformAdmin",
    query: adminEarningsQuery,
    output: platformEarnings,
    errors: [],
  }),
});
