import { z } from "zod";

/** Environment of the v1 API. Parsed once, on first use (see `getApiEnv`). */
const booleanFlag = (name: string, fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      if (value === "true" || value === "1") return true;
      if (value === "false" || value === "0") return false;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${name} must be true, false, 1 or 0` });
      return z.NEVER;
    });

const wholeNumber = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === "" ? String(fallback) : value))
    .pipe(
      z
        .string()
        .regex(/^\d{1,9}$/, "must be a whole number")
        .transform(Number)
        .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const apiEnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(value), {
      message: "DATABASE_URL must be a postgres:// or postgresql:// URL",
    }),
  PGLITE_DIR: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : "./data/pglite")),
  SEED_ON_START: booleanFlag("SEED_ON_START", true),
  /** The web app's public address, for links in emails and payment returns (default: the request's origin). */
  APP_PUBLIC_URL: optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+\/?$/.test(value), {
    message: "APP_PUBLIC_URL must be an http(s) origin such as https://example.com",
  }),
  /** An operator's storefront address, `{slug}` replaced by its slug, e.g. https://{slug}.example.com. */
  STOREFRONT_PUBLIC_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^\s/]*\{slug\}[^\s/]*\/?$/.test(value),
    { message: "STOREFRONT_PUBLIC_URL must be an http(s) origin containing {slug}, e.g. https://{slug}.example.com" },
  ),
  /** The API's own port when it runs alone (npm run start:api). */
  API_PORT: wholeNumber(3001, 1, 65_535),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional().default("info"),
  /** The platform's name in emails and on the platform waiver (the web app reads the same variable). */
  PUBLIC_APP_NAME: optionalText.transform((value) => value ?? "Wayfarer"),
  /** Password policy announced by GET /v1/auth/password-policy and enforced by set-password (Firebase needs ≥ 6). */
  PASSWORD_MIN_LENGTH: wholeNumber(8, 6, 128),
  /** Outgoing mail: smtp:// or smtps:// URL. Unset: messages are kept in the outbox (dev outbox). */
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/[^\s]+$/.test(value), {
    message: "SMTP_URL must be an smtp:// or smtps:// URL",
  }),
  SMTP_FROM: optionalText.transform((value) => value ?? "Wayfarer <no-reply@localhost>"),
  /** Sign-in and password-reset emails: at most this many per address, and per client IP, per window. */
  AUTH_EMAIL_LIMIT_PER_EMAIL: wholeNumber(3, 1, 1_000_000),
  AUTH_EMAIL_LIMIT_PER_IP: wholeNumber(10, 1, 1_000_000),
  AUTH_EMAIL_WINDOW_SECONDS: wholeNumber(600, 1, 86_400),
});

export type ApiEnv = z.infer<typeof apiEnvSchema>;

/** PGLITE_DIR value that selects an in-memory database. */
export const MEMORY_DIR = "memory://";

export function parseApiEnv(source: Record<string, string | undefined>): ApiEnv {
  const result = apiEnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid API environment: ${problems.join("; ")}`);
  }
  return result.data;
}

let cached: ApiEnv | undefined;

/** The API environment, parsed from process.env the first time it is asked for. */
export function getApiEnv(): ApiEnv {
  cached ??= parseApiEnv(process.env);
  return cached;
}
