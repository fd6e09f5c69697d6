import { z } from "zod";

/**
 * The web app's configuration, read once from the environment and validated at start.
 * Every variable is listed (with a comment) in .env.example.
 */
const csv = z.string().transform((value) =>
  value
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean),
);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_ENV: z.enum(["local", "production"]).optional(),
    APP_BASE_DOMAINS: csv.optional(),
    HOST_SEGMENTS: z.coerce.number().int().min(1).max(10).optional(),
    API_BASE_URL: z.string().url().optional(),
    PUBLIC_APP_NAME: z.string().min(1).default("Wayfarer"),
  })
  .transform((env) => {
    const appEnv = env.APP_ENV ?? (env.NODE_ENV === "production" ? "production" : "local");
    const production = appEnv === "production";
    return {
      ...env,
      APP_ENV: appEnv,
      production,
      APP_BASE_DOMAINS: env.APP_BASE_DOMAINS ?? (production ? [] : ["localhost", "app.localhost"]),
      HOST_SEGMENTS: env.HOST_SEGMENTS ?? (production ? 3 : 2),
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
  });

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, value === "" ? undefined : value]),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  return result.data;
}

export const env = parseEnv(process.env);
