import { z } from "zod";
import { identityEnv } from "../auth/identity-env";

/**
 * Payment settings, validated at start (import). PAYMENT_PROVIDER: `sandbox` (default outside
 * production: test cards only, no money moves) or `stripe` (needs STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET). In production the provider must be named explicitly, so that a
 * missing variable never turns a live site into one that accepts test cards.
 */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const Schema = z
  .object({
    PAYMENT_PROVIDER: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.enum(["sandbox", "stripe"], { errorMap: () => ({ message: "must be sandbox or stripe" }) }).optional()),
    STRIPE_SECRET_KEY: optionalText.refine((value) => value === undefined || /^(sk|rk)_[A-Za-z0-9_]+$/.test(value), {
      message: "must be a Stripe secret key (sk_… or rk_…)",
    }),
    STRIPE_WEBHOOK_SECRET: optionalText.refine((value) => value === undefined || /^whsec_[A-Za-z0-9_]+$/.test(value), {
      message: "must be a Stripe webhook signing secret (whsec_…)",
    }),
    /** Another Stripe API origin, e.g. http://127.0.0.1:12111 for a fake server in tests. */
    STRIPE_API_BASE: optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+\/?$/.test(value), {
      message: "must be an origin such as https://api.stripe.com or http://127.0.0.1:12111",
    }),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER !== "stripe") return;
    if (!env.STRIPE_SECRET_KEY)
      ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "required with PAYMENT_PROVIDER=stripe" });
    if (!env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "required with PAYMENT_PROVIDER=stripe",
      });
    }
  });

export type PaymentEnv =
  { provider: "sandbox" } | { provider: "stripe"; secretKey: string; webhookSecret: string; apiBase: string | null };

export function parsePaymentEnv(
  source: Record<string, string | undefined>,
  production = identityEnv.production,
): PaymentEnv {
  const result = Schema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  if (result.success && production && !result.data.PAYMENT_PROVIDER) {
    problems.push("PAYMENT_PROVIDER: required in production (stripe, or sandbox to accept test cards only)");
  }
  if (!result.success || problems.length > 0) throw new Error(`Invalid payment configuration: ${problems.join("; ")}`);
  const env = result.data;
  if (env.PAYMENT_PROVIDER === "stripe") {
    return {
      provider: "stripe",
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiBase: env.STRIPE_API_BASE ?? null,
    };
  }
  return { provider: "sandbox" };
}

export const paymentEnv = parsePaymentEnv(process.env);
