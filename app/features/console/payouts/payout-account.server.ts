import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { apiFor } from "~/platform/api.server";
import { routeNotFound } from "~/platform/http.server";
import type { Outcome } from "~/platform/intent-form.server";
import { redirect } from "~/platform/redirect.server";
import { safeRedirectPath } from "~/platform/redirects";
import { intentAction } from "../intent-action.server";
import { requireConsole } from "../console.server";
import { START_ONBOARDING_INTENT } from "./payout-account-section";

/**
 * The payout account's part of the console's payouts page (issue 45): who may see it, its data,
 * and its one form (the owner's "Set up payouts", answered with a redirect to the provider).
 */

/**
 * The payouts page's guard: every member of the team but a guide, who gets the 404 page (the
 * operator's money is none of a guide's business, and the page does not say it exists).
 */
export async function requirePayoutsPage(request: Request) {
  const caller = await requireConsole(request);
  if (!caller.me.can.readPayouts) throw await routeNotFound(request);
  return caller;
}

/** What the section shows: the account, and whether the caller may start onboarding. */
export async function loadPayoutAccountSection(caller: Awaited<ReturnType<typeof requirePayoutsPage>>) {
  return {
    payoutAccount: await caller.api.call("operatorPayoutAccount"),
    canStartOnboarding: caller.me.can.managePayouts,
  };
}

/**
 * Where the provider's onboarding is: the sandbox's page on this site (its path and query), or
 * Stripe's (https://connect.stripe.com); anything else is not followed.
 */
export function onboardingTarget(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://same.invalid");
  } catch {
    return null;
  }
  if (parsed.origin === "http://same.invalid") {
    if (!/^\/sandbox\/onboarding\/[A-Za-z0-9_]+$/.test(parsed.pathname)) return null;
    return safeRedirectPath(parsed.pathname + parsed.search, "/console/payouts");
  }
  return parsed.protocol === "https:" && parsed.hostname === "connect.stripe.com" ? parsed.toString() : null;
}

export const PAYOUT_ACCOUNT_FORMS = {
  [START_ONBOARDING_INTENT]: z.object({ intent: z.literal(START_ONBOARDING_INTENT) }),
};

/** The owner's "Set up payouts": the account opened if need be, then on to the provider's onboarding. */
export async function startOnboarding(api: ReturnType<typeof apiFor>): Promise<Outcome> {
  const started = await api.call("operatorStartPayoutOnboarding", { body: {} });
  const target = onboardingTarget(started.url);
  return target ? { answer: redirect(target) } : { flash: "payoutAccount.unavailable" };
}

/** The payout account's action: a guide gets the 404 page (as on the page), a manager the role's refusal. */
export async function payoutAccountAction(args: ActionFunctionArgs) {
  await requirePayoutsPage(args.request);
  return intentAction(args, {
    ability: "managePayouts",
    forms: PAYOUT_ACCOUNT_FORMS,
    run: (_value, { api }) => startOnboarding(api),
  });
}
