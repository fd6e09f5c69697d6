import { z } from "zod";
import { firebasePublicEnv } from "~contract/system/firebase-env";
import { parseEnvironment } from "~contract/system/parse-env";
import {
  assertProductionReady,
  MIN_SECRET_LENGTH,
  secretList,
  webProcessRole,
} from "~runtime/production-preflight.mjs";

/**
 * The web process's one configuration, read once from the environment and validated at start
 * (the API validates its own: api/env.ts).
 * Every variable is listed (with a comment) in .env.example.
 */
const csv = z.string().transform((value) =>
  value
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean),
);

/** Signs the site's cookies on a machine without SESSION_SECRET (never in production: the preflight). */
const LOCAL_SESSION_SECRET = "local-only: signs this machine's cookies, never a production one";

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_ENV: z.enum(["local", "production"]).optional(),
    APP_BASE_DOMAINS: csv.optional(),
    HOST_SEGMENTS: z.coerce.number().int().min(1).max(10).optional(),
    /** The v1 API in another process (split mode); unset: the API runs in this process. */
    API_BASE_URL: z.string().url().optional(),
    PUBLIC_APP_NAME: z.string().min(1).default("Wayfarer"),
    /** Where guests write to the marketplace (contact, terms and privacy pages). */
    SUPPORT_EMAIL: z.string().email("SUPPORT_EMAIL must be an email address").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Signs the site's own cookies (flash, lng, ref, mkt, fbresync): comma-separated, the first signs. */
    SESSION_SECRET: z
      .string()
      .transform(secretList)
      .refine((secrets) => secrets.every((secret) => secret.length >= MIN_SECRET_LENGTH), {
        message: `each secret needs ${MIN_SECRET_LENGTH} characters or more`,
      })
      .optional(),
    // Firebase's public web config (the pages that sign people in) and the no-JavaScript forms'
    // Identity Toolkit calls. The web holds no Firebase credentials: sessions are the API's.
    ...firebasePublicEnv,
  })
  .transform(({ SESSION_SECRET: sessionSecret, ...env }) => {
    const appEnv = env.APP_ENV ?? (env.NODE_ENV === "production" ? "production" : "local");
    const production = appEnv === "production";
    const projectId = env.FIREBASE_PROJECT_ID ?? (production ? "" : "demo-wayfarer");
    const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST ?? (production ? undefined : "127.0.0.1:9099");
    return {
      ...env,
      APP_ENV: appEnv,
      production,
      firebase: {
        projectId,
        apiKey: env.FIREBASE_API_KEY ?? (production ? "" : "demo-api-key"),
        authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
        emulatorHost: emulatorHost ?? null,
      },
      APP_BASE_DOMAINS: env.APP_BASE_DOMAINS ?? (production ? [] : ["localhost", "app.localhost"]),
      HOST_SEGMENTS: env.HOST_SEGMENTS ?? (production ? 3 : 2),
      /** The first signs, every one verifies (rotation): a cookie no secret verifies reads as absent. */
      sessionSecrets: sessionSecret?.length ? sessionSecret : production ? [] : [LOCAL_SESSION_SECRET],
      SUPPORT_EMAIL: env.SUPPORT_EMAIL ?? `support@${(env.APP_BASE_DOMAINS ?? ["localhost"])[0] ?? "localhost"}`,
    };
  })
  .superRefine((env, ctx) => {
    if (env.APP_BASE_DOMAINS.length === 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["APP_BASE_DOMAINS"],
        message: "set the domain(s) this app is served on, e.g. app.example.com",
      });
    }
    if (env.sessionSecrets.length === 0) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "required in production" });
    }
    if (env.production && (!env.firebase.projectId || !env.firebase.apiKey)) {
      ctx.addIssue({
        code: "custom",
        path: ["FIREBASE_PROJECT_ID"],
        message: "FIREBASE_PROJECT_ID and FIREBASE_API_KEY are required in production",
      });
    }
    if (env.production && (env.firebase.emulatorHost || env.firebase.projectId.startsWith("demo-"))) {
      ctx.addIssue({
        code: "custom",
        path: ["FIREBASE_AUTH_EMULATOR_HOST"],
        message: "the Auth emulator and demo- projects are refused in production",
      });
    }
  });

export type Config = z.infer<typeof EnvSchema>;

export function parseConfig(source: Record<string, string | undefined>): Config {
  return parseEnvironment(EnvSchema, source, "environment configuration");
}

// Production: every missing or unsafe setting (the API's too when it runs in this process) at once.
assertProductionReady(process.env, webProcessRole(process.env));

/** The web process's configuration, read once at start. */
export const config = parseConfig(process.env);
