import { z } from "zod";
import { firebasePublicEnv } from "~contract/system/firebase-env";
import { parseEnvironment } from "~contract/system/parse-env";
import { assertProductionReady, isProduction } from "~runtime/production-preflight.mjs";

/**
 * The API process's one configuration module: every variable it reads, validated with zod.
 * Sections: identity (Firebase), bookings, payments — parsed when this module loads, so a bad
 * value stops the process at start — and the rest (database, mail, links, limits), parsed on
 * first use by `getApiEnv()` (tests choose their database before that). The web validates its
 * own in app/platform/config.server.ts. Every variable is listed in .env.example.
 */
const booleanFlag = <Fallback extends boolean | undefined>(name: string, fallback: Fallback) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback as boolean | Fallback;
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
  /** Load the demo catalog into an empty database (locally; never in production). */
  SEED_ON_START: booleanFlag("SEED_ON_START", true),
  /**
   * Let webhook subscriptions target loopback and private addresses (api/webhooks/target.ts): a
   * local receiver in tests and development. Off by default; refused in production.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag("WEBHOOK_ALLOW_PRIVATE_TARGETS", false),
  /**
   * Apply pending migrations when the process opens its database (default: true locally, false in
   * production, where `npm run db:migrate` is a deployment step).
   */
  MIGRATE_ON_START: booleanFlag("MIGRATE_ON_START", undefined),
  /** A PGlite data-directory dump (tar) an in-memory database starts from (the test suite's migrated catalog). */
  PGLITE_TEMPLATE: optionalText,
  /** The web app's public address, for links in emails and payment returns (default: the request's origin). */
  APP_PUBLIC_URL: optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+\/?$/.test(value), {
    message: "APP_PUBLIC_URL must be an http(s) origin such as https://example.com",
  }),
  /** An operator's storefront address, `{slug}` replaced by its slug, e.g. https://{slug}.example.com. */
  STOREFRONT_PUBLIC_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^\s/]*\{slug\}[^\s/]*\/?$/.test(value),
    { message: "STOREFRONT_PUBLIC_URL must be an http(s) origin containing {slug}, e.g. https://{slug}.example.com" },
  ),
  /**
   * How many proxies in front of the app append the client's address to X-Forwarded-For (a load
   * balancer: 1). The client is the entry that many places from the right; 0 (the default
   * locally; production requires the variable): the header is ignored and the connection's
   * address is the client's (api/http/client-info.ts).
   */
  TRUST_PROXY: wholeNumber(0, 0, 10),
  /** Redis for rate limits shared by every process (redis://…); unset: each process counts in memory. */
  REDIS_URL: optionalText.refine((value) => value === undefined || /^rediss?:\/\/\S+$/.test(value), {
    message: "REDIS_URL must be a redis:// or rediss:// URL",
  }),
  /**
   * What this deployment's Redis keys and its change bus's channel start with (default `wf:`), so
   * that deployments (staging beside production, or test files side by side) can share one Redis.
   */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9:._-]{1,100}$/,
      "REDIS_KEY_PREFIX must be 1 to 100 letters, digits, colons, dots, underscores or dashes",
    )
    .default("wf:"),
  /** The API's own port when it runs alone (npm run start:api). */
  API_PORT: wholeNumber(3001, 1, 65_535),
  /** The address the API alone listens on: 127.0.0.1 (this machine only) unless set, e.g. 0.0.0.0 in a container. */
  API_HOST: optionalText
    .refine((value) => value === undefined || /^(?:[A-Za-z0-9.-]{1,253}|\[?[0-9A-Fa-f:.]{2,45}\]?)$/.test(value), {
      message: "API_HOST must be a host name or an IP address such as 0.0.0.0 or ::",
    })
    .transform((value) => value ?? "127.0.0.1"),
  /** On SIGTERM, how long requests in flight get to finish (runtime/process-lifecycle.mjs reads it too). */
  SHUTDOWN_TIMEOUT_MS: wholeNumber(10_000, 0, 600_000),
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
  /** Text messages through Twilio (all three, or none: then they are kept for the dev outbox). */
  TWILIO_ACCOUNT_SID: optionalText.refine((value) => value === undefined || /^AC[0-9a-fA-F]{32}$/.test(value), {
    message: "TWILIO_ACCOUNT_SID must look like AC followed by 32 hex digits",
  }),
  TWILIO_AUTH_TOKEN: optionalText,
  /** The sender: a +E.164 number, or a Messaging Service SID (MG…). */
  TWILIO_FROM: optionalText.refine(
    (value) => value === undefined || /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/.test(value),
    {
      message: "TWILIO_FROM must be a +E.164 number or a Messaging Service SID (MG…)",
    },
  ),
  /** Tests only: another address for Twilio's API. */
  TWILIO_API_BASE: optionalText,
  /** Sign-in and password-reset emails: at most this many per address, and per client IP, per window. */
  AUTH_EMAIL_LIMIT_PER_EMAIL: wholeNumber(3, 1, 1_000_000),
  AUTH_EMAIL_LIMIT_PER_IP: wholeNumber(10, 1, 1_000_000),
  AUTH_EMAIL_WINDOW_SECONDS: wholeNumber(600, 1, 86_400),
  /** Password sign-ins (without JavaScript): per account per minute and per hour, per client address per 10 minutes. */
  PASSWORD_ATTEMPTS_PER_MINUTE: wholeNumber(5, 1, 1_000_000),
  PASSWORD_ATTEMPTS_PER_HOUR: wholeNumber(20, 1, 1_000_000),
  PASSWORD_ATTEMPTS_PER_IP: wholeNumber(50, 1, 1_000_000),
  /** New bookings one user may ask for per 10 minutes (replays of one Idempotency-Key included). */
  BOOKING_ATTEMPTS_PER_USER: wholeNumber(30, 1, 1_000_000),
  /** Sessions one user may open per minute (POST /v1/auth/session and password-session). */
  SESSION_ATTEMPTS_PER_USER: wholeNumber(20, 1, 1_000_000),
  /**
   * Photos (api/photos/storage.ts): on this directory by default (one API process, or a volume all
   * of them share); in an S3-compatible bucket when S3_BUCKET is set.
   */
  MEDIA_DIR: optionalText.transform((value) => value ?? "./data/media"),
  S3_BUCKET: optionalText.refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
    message: "S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots and hyphens)",
  }),
  /** The bucket's API origin (path-style requests); default: AWS's for S3_REGION. */
  S3_ENDPOINT: optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+\/?$/.test(value), {
    message: "S3_ENDPOINT must be an http(s) origin such as https://s3.eu-west-1.amazonaws.com",
  }),
  S3_REGION: optionalText.transform((value) => value ?? "us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /**
   * Where browsers fetch the photos from (the bucket's public address or a CDN in front of it),
   * e.g. https://media.example.com; unset: through this API's /v1/media/….
   */
  MEDIA_PUBLIC_URL: optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s?#]+$/.test(value), {
    message: "MEDIA_PUBLIC_URL must be an http(s) URL such as https://media.example.com",
  }),
});

export type ApiEnv = Omit<z.infer<typeof apiEnvSchema>, "MIGRATE_ON_START"> & { MIGRATE_ON_START: boolean };

/** PGLITE_DIR value that selects an in-memory database. */
export const MEMORY_DIR = "memory://";

export function parseApiEnv(source: Record<string, string | undefined>): ApiEnv {
  const result = apiEnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid API environment: ${problems.join("; ")}`);
  }
  // Links in emails come from configuration in production, never from a request's Host header.
  const production = isProduction(source);
  if (production && (!result.data.APP_PUBLIC_URL || !result.data.STOREFRONT_PUBLIC_URL)) {
    throw new Error(
      "Invalid API environment: set APP_PUBLIC_URL and STOREFRONT_PUBLIC_URL in production (the addresses emails link to)",
    );
  }
  // Per-address limits key on what TRUST_PROXY says; a guess either way is wrong behind a proxy or without one.
  if (production && !source.TRUST_PROXY?.trim()) {
    throw new Error(
      "Invalid API environment: set TRUST_PROXY in production (0 when clients connect to the app directly, else the number of proxies in front of it that append to X-Forwarded-For)",
    );
  }
  if (production && result.data.WEBHOOK_ALLOW_PRIVATE_TARGETS) {
    throw new Error("Invalid API environment: WEBHOOK_ALLOW_PRIVATE_TARGETS is refused in production");
  }
  const bucket = [result.data.S3_BUCKET, result.data.S3_ACCESS_KEY_ID, result.data.S3_SECRET_ACCESS_KEY];
  if (bucket.some(Boolean) && !bucket.every(Boolean)) {
    throw new Error("Invalid API environment: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together");
  }
  const twilio = [result.data.TWILIO_ACCOUNT_SID, result.data.TWILIO_AUTH_TOKEN, result.data.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new Error("Invalid API environment: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together");
  }
  return {
    ...result.data,
    // Demo data is never loaded in production (the preflight refuses SEED_ON_START=true there).
    SEED_ON_START: production ? false : result.data.SEED_ON_START,
    MIGRATE_ON_START: result.data.MIGRATE_ON_START ?? !production,
  };
}

let cached: ApiEnv | undefined;

/** The API environment, parsed from process.env the first time it is asked for. */
export function getApiEnv(): ApiEnv {
  cached ??= parseApiEnv(process.env);
  return cached;
}

/** Parses process.env again on the next ask (the test files that share a process, each on its own database). */
export function forgetApiEnv(): void {
  cached = undefined;
}

// Production: every missing or unsafe setting in one message, before any section stops at its first.
assertProductionReady(process.env, "api");

// --- identity (Firebase) -------------------------------------------------------------

/**
 * Identity configuration (Firebase). Locally (APP_ENV=local) everything defaults to the Auth
 * emulator with a `demo-` project that needs no credentials. In production a real project is
 * required and emulator settings are refused: with FIREBASE_AUTH_EMULATOR_HOST set,
 * firebase-admin accepts unsigned tokens.
 */
const identitySchema = z
  .object({
    APP_ENV: z.enum(["local", "production"]).optional(),
    NODE_ENV: z.string().optional(),
    ...firebasePublicEnv,
    FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
    SESSION_MAX_AGE_DAYS: z.coerce
      .number()
      .min(1 / 24)
      .max(14)
      .default(5),
    SESSION_REVOCATION_CHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  })
  .transform((env, ctx) => {
    const production = (env.APP_ENV ?? (env.NODE_ENV === "production" ? "production" : "local")) === "production";
    const projectId = env.FIREBASE_PROJECT_ID ?? (production ? undefined : "demo-wayfarer");
    if (!projectId) {
      ctx.addIssue({ code: "custom", path: ["FIREBASE_PROJECT_ID"], message: "required in production" });
      return z.NEVER;
    }
    const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST ?? (production ? undefined : "127.0.0.1:9099");
    if (production && (emulatorHost || projectId.startsWith("demo-"))) {
      ctx.addIssue({
        code: "custom",
        path: ["FIREBASE_AUTH_EMULATOR_HOST"],
        message: "the Auth emulator and demo- projects are refused in production",
      });
      return z.NEVER;
    }
    if (production && !env.FIREBASE_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["FIREBASE_API_KEY"], message: "required in production" });
      return z.NEVER;
    }
    return {
      production,
      projectId,
      apiKey: env.FIREBASE_API_KEY ?? "demo-api-key",
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      emulatorHost: emulatorHost ?? null,
      serviceAccount: env.FIREBASE_SERVICE_ACCOUNT ?? null,
      sessionMaxAgeMs: Math.round(env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000),
      revocationCheckMs: env.SESSION_REVOCATION_CHECK_SECONDS * 1000,
    };
  });

export type IdentityEnv = z.infer<typeof identitySchema>;

export function parseIdentityEnv(source: Record<string, string | undefined>): IdentityEnv {
  return parseEnvironment(identitySchema, source, "identity configuration");
}

export const identityEnv = parseIdentityEnv(process.env);

// firebase-admin reads the emulator host from the environment.
if (identityEnv.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = identityEnv.emulatorHost;

// --- bookings --------------------------------------------------------------------------

/** Booking settings from the environment, validated at start (import). */
const bookingSchema = z.object({
  /** Minutes a booking holds its seats while the guest pays (1–120, default 15). */
  HOLD_MINUTES: wholeNumber(15, 1, 120),
  /**
   * Hours after a signed-in traveller left the confirm page without booking before the one
   * reminder goes out, if they allowed marketing email (1–168, default 8).
   */
  CHECKOUT_REMINDER_HOURS: wholeNumber(8, 1, 168),
  /**
   * Hours a waitlist offer holds its seats before it passes to the next in line (1–168, default
   * 12); never past the departure's online sales cut-off.
   */
  WAITLIST_OFFER_HOURS: wholeNumber(12, 1, 168),
});

export type BookingEnv = { holdMinutes: number; checkoutReminderHours: number; waitlistOfferHours: number };

export function parseBookingEnv(source: Record<string, string | undefined>): BookingEnv {
  const result = bookingSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid booking configuration: ${problems.join("; ")}`);
  }
  return {
    holdMinutes: result.data.HOLD_MINUTES,
    checkoutReminderHours: result.data.CHECKOUT_REMINDER_HOURS,
    waitlistOfferHours: result.data.WAITLIST_OFFER_HOURS,
  };
}

export const bookingEnv = parseBookingEnv(process.env);

// --- schedules -------------------------------------------------------------------------

/** Schedule settings from the environment, validated at start (import). */
const scheduleSchema = z.object({
  /** Days ahead for which weekly rules keep departures materialised (7–730, default 120). */
  SCHEDULE_HORIZON_DAYS: wholeNumber(120, 7, 730),
});

export type ScheduleEnv = { horizonDays: number };

export function parseScheduleEnv(source: Record<string, string | undefined>): ScheduleEnv {
  const result = scheduleSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid schedule configuration: ${problems.join("; ")}`);
  }
  return { horizonDays: result.data.SCHEDULE_HORIZON_DAYS };
}

export const scheduleEnv = parseScheduleEnv(process.env);

// --- payments --------------------------------------------------------------------------

/**
 * Payment settings, validated at start (import). PAYMENT_PROVIDER: `sandbox` (default outside
 * production: test cards only, no money moves) or `stripe` (needs STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET). In production the provider must be named explicitly, so that a
 * missing variable never turns a live site into one that accepts test cards.
 */

/** The platform's commission when PLATFORM_COMMISSION_BPS is not set: 15 %. */
export const DEFAULT_COMMISSION_BPS = 1500;

const paymentSchema = z
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
    /**
     * The signing secret of the Connect webhook endpoint (events of the operators' connected
     * accounts: account.updated, their payouts); optional: the platform endpoint's secret is tried first.
     */
    STRIPE_CONNECT_WEBHOOK_SECRET: optionalText.refine(
      (value) => value === undefined || /^whsec_[A-Za-z0-9_]+$/.test(value),
      { message: "must be a Stripe webhook signing secret (whsec_…)" },
    ),
    /** Another Stripe API origin, e.g. http://127.0.0.1:12111 for a fake server in tests. */
    STRIPE_API_BASE: optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+\/?$/.test(value), {
      message: "must be an origin such as https://api.stripe.com or http://127.0.0.1:12111",
    }),
    /** The platform's default commission, in basis points (1500 = 15 %); a platform admin sets another per operator. */
    PLATFORM_COMMISSION_BPS: optionalText.pipe(
      z.coerce
        .number({ message: "must be a whole number of basis points, 0 to 10000 (1500 = 15 %)" })
        .int("must be a whole number of basis points, 0 to 10000 (1500 = 15 %)")
        .min(0, "must be 0 to 10000")
        .max(10_000, "must be 0 to 10000")
        .default(DEFAULT_COMMISSION_BPS),
    ),
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

export type PaymentEnv = { commissionBps: number } & (
  | { provider: "sandbox" }
  | {
      provider: "stripe";
      secretKey: string;
      webhookSecret: string;
      /** The Connect endpoint's signing secret, when one is set. */
      connectWebhookSecret?: string;
      apiBase: string | null;
    }
);

export function parsePaymentEnv(
  source: Record<string, string | undefined>,
  production = identityEnv.production,
): PaymentEnv {
  const result = paymentSchema.safeParse(source);
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
      commissionBps: env.PLATFORM_COMMISSION_BPS,
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      ...(env.STRIPE_CONNECT_WEBHOOK_SECRET ? { connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET } : {}),
      apiBase: env.STRIPE_API_BASE ?? null,
    };
  }
  return { provider: "sandbox", commissionBps: env.PLATFORM_COMMISSION_BPS };
}

export const paymentEnv = parsePaymentEnv(process.env);

// --- message links -------------------------------------------------------------------

const LOCAL_MESSAGE_LINK_SECRET = "local-only: signs unsubscribe links on this machine";

/**
 * The secret that signs the unsubscribe links in emails (HMAC-SHA256): 32+ characters, required
 * in production; locally a fixed development value.
 */
export function parseMessageLinkSecret(
  source: Record<string, string | undefined>,
  production = identityEnv.production,
): string {
  const value = source.MESSAGE_LINK_SECRET?.trim();
  if (value && value.length < 32)
    throw new Error("Invalid configuration: MESSAGE_LINK_SECRET needs 32 characters or more");
  if (!value && production) throw new Error("Invalid configuration: MESSAGE_LINK_SECRET is required in production");
  return value || LOCAL_MESSAGE_LINK_SECRET;
}

export const messageLinkSecret = parseMessageLinkSecret(process.env);

// --- two-step sign-in ----------------------------------------------------------------

/**
 * Locally and in tests only: seals authenticator secrets and hashes recovery codes on this machine.
 * Production refuses to start without its own TWO_STEP_KEY.
 */
const LOCAL_TWO_STEP_KEY = Buffer.from("local-only two-step key, 32 byte", "utf8");

/**
 * The key of two-step sign-in (issue 43): TOTP secrets are sealed with it (AES-256-GCM) and
 * recovery codes hashed with it (HMAC-SHA-256). 32 bytes, written as 64 hex digits or in base64
 * (or base64url); required in production; locally a fixed development key.
 */
export function parseTwoStepKey(
  source: Record<string, string | undefined>,
  production = identityEnv.production,
): Buffer {
  const value = source.TWO_STEP_KEY?.trim();
  if (!value) {
    if (production) throw new Error("Invalid configuration: TWO_STEP_KEY is required in production");
    return LOCAL_TWO_STEP_KEY;
  }
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, "hex")
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)
      ? Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64")
      : null;
  if (!key || key.length !== 32)
    throw new Error(
      "Invalid configuration: TWO_STEP_KEY must be 32 bytes, as 64 hex digits or in base64 (`openssl rand -base64 32`)",
    );
  return key;
}

export const twoStepKey = parseTwoStepKey(process.env);
