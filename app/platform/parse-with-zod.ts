import { parseWithZod as parseWithConform } from "@conform-to/zod";
import type { z } from "zod";
import { fieldMessageKey } from "./field-message-keys";

/**
 * THE way a form is validated, by its action and in the browser: conform's parseWithZod, each
 * error a locale key (a field rule's code from the contract turned into its key).
 */
export function parseWithZod<Schema extends z.ZodTypeAny>(
  payload: FormData | URLSearchParams,
  options: { schema: Schema },
) {
  return parseWithConform(payload, {
    schema: options.schema,
    formatError: (issues: z.ZodIssue[]) => issues.map((issue) => fieldMessageKey(issue.message)),
  });
}
