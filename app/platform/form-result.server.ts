import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { FormResult } from "~/platform/form-result";

/**
 * THE answer of every form action that does not redirect (FormResult; the page reads it with
 * useFormResult): `submission.reply(…)`, with the form's `intent` on a page with several forms,
 * and its status: 400 when the form was refused (its own rules or the API's),
 * else 200, unless given (an API error's, with its Retry-After: see apiErrorResult).
 */
export function formResult(
  result: SubmissionResult<string[]>,
  options: { intent?: string; status?: number; headers?: Record<string, string> } = {},
) {
  const body: FormResult = options.intent ? { result, intent: options.intent } : { result };
  return data(body, {
    status: options.status ?? (result.status === "error" ? 400 : 200),
    headers: options.headers,
  });
}
