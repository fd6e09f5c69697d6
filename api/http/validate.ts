import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { validationError, type FieldErrors } from "./errors";

/** Turns zod issues into `{ field: [messages] }`; issues without a path go under "_". */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Validates query, route params or JSON body with a zod schema; failures become a 400
 * validation_error envelope with `fields`. Read the result with `c.req.valid(target)`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodTypeAny>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value): z.output<Schema> => {
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(fieldErrorsFrom(result.error));
    return result.data;
  });
}
