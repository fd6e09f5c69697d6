import { z } from "zod";
import type { apiFor } from "~/platform/api.server";
import type { Outcome } from "~/platform/intent-form.server";
import { redirect } from "~/platform/redirect.server";
import { safeRedirectPath } from "~/platform/redirects";
import { START_ONBOARDING_INTENT } from "./payout-account-section";

/**
 * The payout account's part of the console's payouts page (issue 45): where the provider's
 * onboarding may send the owner, and its one form (the owner's "Set up payouts": a redirect there).
 */

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
