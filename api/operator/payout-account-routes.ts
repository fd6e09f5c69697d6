import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { writeAudit } from "../audit/log";
import { clientIp, requestOrigin } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import { paymentProvider } from "../payments";
import { payoutAccountView, readPayoutAccount, startPayoutOnboarding } from "../payments/payout-accounts";
import { enforceRateLimits } from "../rate-limit/service";

/** Onboarding calls the payment provider (Stripe makes an account link each time): this many per operator per 10 minutes. */
export const ONBOARDING_STARTS_PER_ACCOUNT = 20;

/** The console's payout account (issue 45): registered on the operator router. */
export function payoutAccountRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorPayoutAccount, async (c, { member }) => {
    return readPayoutAccount(c.get("db"), member.account.id);
  });

  /**
   * The owner goes to the provider's onboarding: the account is opened the first time, and the
   * provider sends the owner back to this storefront's console (the paths were checked to be of
   * this site; the origin is the storefront's own). Audited.
   */
  handle(router, endpoints.operatorStartPayoutOnboarding, async (c, { body, member }) => {
    await enforceRateLimits([
      {
        key: `payout-onboarding:account:${member.account.id}`,
        limit: ONBOARDING_STARTS_PER_ACCOUNT,
        windowSeconds: 600,
      },
    ]);
    const db = c.get("db");
    const origin = requestOrigin(c);
    const started = await startPayoutOnboarding(db, member.account, member.email, {
      returnUrl: new URL(body.returnPath, origin).toString(),
      refreshUrl: new URL(body.refreshPath, origin).toString(),
    });
    await writeAudit(db, actorOf(member, clientIp(c)), "payouts.onboarding_started", {
      provider: started.account.provider,
      providerAccountId: started.account.providerAccountId,
      created: String(started.created),
    });
    return {
      url: started.url,
      created: started.created,
      account: payoutAccountView(paymentProvider().name, started.account),
    };
  });
}
