import type { z } from "zod";

/**
 * Reads a process's environment through its schema: an empty variable counts as unset, and every
 * problem is listed in the one error that stops the start (`what` names the configuration).
 */
export function parseEnvironment<Schema extends z.ZodTypeAny>(
  schema: Schema,
  source: Record<string, string | undefined>,
  what: string,
): z.output<Schema> {
  const cleaned = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, value === "" ? undefined : value]),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid ${what}:\n${problems.join("\n")}`);
  }
  return result.data;
}
