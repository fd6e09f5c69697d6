import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { INVALID_TEXT } from "~contract/text";
import { validationError, type FieldErrors } from "./errors";
import { fieldMessage } from "./field-messages";

/**
 * Turns zod issues into `{ field: [messages] }` (a field rule's code in English: field-messages.ts);
 * issues without a path go under "_".
 */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    (fields[key] ??= []).push(fieldMessage(issue));
  }
  return fields;
}

/** How deeply a value we accept may nest: no input of ours comes near it; a deeper one is refused. */
export const MAX_INPUT_DEPTH = 32;

/** A value nested deeper than MAX_INPUT_DEPTH (arrays and objects), refused before anything walks it further. */
export class InputTooDeepError extends Error {
  constructor() {
    super(`The input is nested more than ${MAX_INPUT_DEPTH} levels deep.`);
  }
}

/**
 * Where a value holds text no field may carry (NUL, lone surrogates): the paths, for field errors.
 * Walks with its own stack, not the call stack, and throws InputTooDeepError past MAX_INPUT_DEPTH
 * (a body of a few KiB of brackets would otherwise overflow the call stack: a 500).
 */
export function invalidTextPaths(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path } = next;
    if (typeof item === "string") {
      if (INVALID_TEXT.test(item)) found.push(path.join(".") || "_");
      continue;
    }
    if (!item || typeof item !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) throw new InputTooDeepError();
    const entries = Array.isArray(item)
      ? item.map((child, index) => [String(index), child] as const)
      : Object.entries(item);
    if (!Array.isArray(item) && entries.some(([key]) => INVALID_TEXT.test(key)))
      found.push([...path, "_key"].join("."));
    // Pushed in reverse, so that the paths come out in the order the value lists them.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index];
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return found;
}

/**
 * Parses a value of the request with a zod schema; failures are a 400 validation_error with
 * `fields`. Text with a NUL byte or a lone surrogate is refused first (PostgreSQL cannot store it),
 * and so is a value nested more than MAX_INPUT_DEPTH levels.
 */
export function parseInput<Schema extends z.ZodTypeAny>(schema: Schema, value: unknown): z.output<Schema> {
  let invalid: string[];
  try {
    invalid = invalidTextPaths(value);
  } catch (error) {
    if (!(error instanceof InputTooDeepError)) throw error;
    throw validationError({ _: [error.message] }, "The input is nested too deeply.");
  }
  if (invalid.length > 0) {
    throw validationError(Object.fromEntries(invalid.map((field) => [field, ["Remove the invalid characters."]])));
  }
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(fieldErrorsFrom(result.error));
  return result.data;
}

/** Validates query, route params, headers or JSON body with `parseInput`. Read the result with `c.req.valid(target)`. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodTypeAny>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value): z.output<Schema> => parseInput(schema, value));
}
