import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { INVALID_TEXT } from "~contract/text";
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

/** Where a value holds text no field may carry (NUL, lone surrogates): the paths, for field errors. */
export function invalidTextPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === "string") {
    if (INVALID_TEXT.test(value)) found.push(path.join(".") || "_");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => invalidTextPaths(item, [...path, String(index)], found));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (INVALID_TEXT.test(key)) found.push([...path, "_key"].join("."));
      invalidTextPaths(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * Validates query, route params or JSON body with a zod schema; failures become a 400
 * validation_error envelope with `fields`. Text with a NUL byte or a lone surrogate is refused
 * first (PostgreSQL cannot store it). Read the result with `c.req.valid(target)`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodTypeAny>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value): z.output<Schema> => {
    const invalid = invalidTextPaths(value);
    if (invalid.length > 0) {
      throw validationError(Object.fromEntries(invalid.map((field) => [field, ["Remove the invalid characters."]])));
    }
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(fieldErrorsFrom(result.error));
    return result.data;
  });
}
