import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";

/**
 * THE answer of every form action that does not redirect: conform's result of the submission
 * (`submission.reply(…)`, which the page's `useForm` takes as `lastResult`), and, only on a page
 * with several forms, the `intent` of the form that was sent (each form takes its own result).
 */
export interface FormResult {
  result: SubmissionResult<string[]>;
  intent?: string;
}

/**
 * A form's result with its status: 400 when the form was refused (its own rules or the API's),
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
