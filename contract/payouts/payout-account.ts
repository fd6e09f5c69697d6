import { z } from "zod";
import { said } from "../fields";
import { isSafeContinuePath } from "../identity/auth";
import { safeSitePath } from "../identity/safe-path";
import { isoTime } from "../output-parts";

/**
 * An operator's connected payout account (issue 45): where its sales are paid to (Stripe Connect
 * Express, or the sandbox's mirror of it), what it can do and what the provider still needs.
 */

/** The payment providers an account can belong to. */
export const PAYOUT_PROVIDERS = ["sandbox", "stripe"] as const;

/**
 * Where the account stands, for the console to say in words: no account yet (`not_started`), its
 * owner has not finished the provider's forms (`onboarding`), finished but the provider holds it
 * back, e.g. a document to check (`restricted`), or it takes charges and gets payouts (`enabled`).
 */
export const PAYOUT_ACCOUNT_STATES = ["not_started", "onboarding", "restricted", "enabled"] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];

/** GET /v1/operator/payout-account */
export const payoutAccount = z.object({
  /** The provider payments go through now (PAYMENT_PROVIDER). */
  provider: z.enum(PAYOUT_PROVIDERS),
  state: z.enum(PAYOUT_ACCOUNT_STATES),
  /** The provider's id of the account (acct_…); null before onboarding starts. */
  providerAccountId: z.string().nullable(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  /** What the provider needs now, as its codes (e.g. "external_account": the bank account); the console words them. */
  requirements: z.array(z.string()),
  /** Why the provider disabled the account (its code, e.g. "requirements.past_due"), if it did. */
  disabledReason: z.string().nullable(),
  /**
   * Whether the storefront may sell: with Stripe, only once the account takes charges (else
   * checkout answers 409 payouts_not_ready); the sandbox refuses nothing.
   */
  canSell: z.boolean(),
  /** When the provider last told us about the account. */
  updatedAt: isoTime.nullable(),
});
export type PayoutAccountView = z.infer<typeof payoutAccount>;

/** Where the console is, to come back to from the provider's onboarding: a path of this site. */
const consolePath = z
  .string({ invalid_type_error: said("sitePath.invalid") })
  .max(2048, said("text.tooLong"))
  .refine(isSafeContinuePath, said("sitePath.invalid"))
  // The resolved path is used, never the raw input.
  .transform((value) => safeSitePath(value)!);

export const PAYOUTS_CONSOLE_PATH = "/console/payouts";

/**
 * POST /v1/operator/payout-account/onboarding: the paths (on this storefront, whose origin the API
 * adds) the provider sends the owner back to when done (`returnPath`) and when its link expired
 * (`refreshPath`, which should start onboarding again). Both default to the console's payouts page.
 */
export const startPayoutOnboardingBody = z
  .object({
    returnPath: consolePath.optional(),
    refreshPath: consolePath.optional(),
  })
  .transform((body) => ({
    returnPath: body.returnPath ?? `${PAYOUTS_CONSOLE_PATH}?onboarding=done`,
    refreshPath: body.refreshPath ?? `${PAYOUTS_CONSOLE_PATH}?onboarding=again`,
  }));
export type StartPayoutOnboardingBody = z.output<typeof startPayoutOnboardingBody>;

export const payoutOnboarding = z.object({
  /** Where to send the owner: the provider's page (absolute), or the sandbox's page on this site (a path). */
  url: z.string(),
  /** This call opened the account (the first time). */
  created: z.boolean(),
  account: payoutAccount,
});

/** The sandbox's connected account ids: acct_sandbox_ and 16 letters or digits. */
export const SANDBOX_ACCOUNT_PATTERN = /^acct_sandbox_[A-Za-z0-9]{16}$/;

export const sandboxOnboardingParams = z.object({
  payoutAccountId: z.string().regex(SANDBOX_ACCOUNT_PATTERN, said("id.invalid")),
});

/** GET /v1/operator/sandbox-onboarding/{payoutAccountId}: the sandbox's onboarding page. */
export const sandboxOnboarding = z.object({
  providerAccountId: z.string(),
  operatorName: z.string(),
  state: z.enum(PAYOUT_ACCOUNT_STATES),
});
