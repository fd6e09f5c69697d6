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
