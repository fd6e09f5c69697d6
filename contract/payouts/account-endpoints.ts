import { domain, endpoint } from "../endpoint";
import {
  payoutAccount,
  payoutOnboarding,
  sandboxOnboarding,
  sandboxOnboardingParams,
  startPayoutOnboardingBody,
} from "./payout-account";

/** An operator's connected payout account and its onboarding (issue 45). */
export const payoutAccountEndpoints = domain("Payout accounts", {
  operatorPayoutAccount: endpoint({
    method: "GET",
    path: "/v1/operator/payout-account",
    summary:
      "The operator's payout account: its state, what the provider still needs, and whether the storefront can sell (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    output: payoutAccount,
    errors: [],
  }),
  operatorStartPayoutOnboarding: endpoint({
    method: "POST",
    path: "/v1/operator/payout-account/onboarding",
    summary:
      "Open the operator's payout account if it has none, and answer where its owner completes the provider's onboarding (owner)",
    auth: "user",
    member: "owner",
    tenant: true,
    body: startPayoutOnboardingBody,
    output: payoutOnboarding,
    errors: ["payment_unavailable"],
  }),
  sandboxOnboarding: endpoint({
    method: "GET",
    path: "/v1/operator/sandbox-onboarding/:payoutAccountId",
    summary:
      "The sandbox's onboarding page of an operator's payout account (only while the sandbox is the provider; owner)",
    auth: "user",
    member: "owner",
    tenant: true,
    params: sandboxOnboardingParams,
    output: sandboxOnboarding,
    errors: ["payout_account_not_found"],
  }),
  completeSandboxOnboarding: endpoint({
    method: "POST",
    path: "/v1/operator/sandbox-onboarding/:payoutAccountId/complete",
    summary: "Complete a sandbox payout account's onboarding: it takes charges and gets payouts (owner)",
    auth: "user",
    member: "owner",
    tenant: true,
    params: sandboxOnboardingParams,
    output: payoutAccount,
    errors: ["payout_account_not_found"],
  }),
});
