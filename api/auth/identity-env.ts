import { z } from "zod";

/**
 * Identity configuration (Firebase). Locally (APP_ENV=local) everything defaults to the Auth
 * emulator with a `demo-` project that needs no credentials. In production a real project is
 * required and emulator settings are refused: with FIREBASE_AUTH_EMULATOR_HOST set,
 * firebase-admin accepts unsigned tokens.
 */
const Schema = z
  .object({
    APP_ENV: z.enum(["local", "production"]).optional(),
    NODE_ENV: z.string().optional(),
    FIREBASE_PROJECT_ID: z
      .string()
      .regex(/^[a-z0-9-]{4,40}$/, "a Firebase project id")
      .optional(),
    FIREBASE_API_KEY: z.string().min(1).optional(),
    FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(/^[\w.-]+:\d+$/, "host:port")
      .optional(),
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

export type IdentityEnv = z.infer<typeof Schema>;

export function parseIdentityEnv(source: Record<string, string | undefined>): IdentityEnv {
  const cleaned = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]));
  const result = Schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid identity configuration:\n${problems.join("\n")}`);
  }
  return result.data;
}

export const identityEnv = parseIdentityEnv(process.env);

// firebase-admin reads the emulator host from the environment.
if (identityEnv.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = identityEnv.emulatorHost;
