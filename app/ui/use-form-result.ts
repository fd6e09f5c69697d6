import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";

/**
 * THE answer of a form action that does not redirect (app/platform/form-result.server.ts):
 * conform's result of the submission and, only on a page with several forms, the `intent` of the
 * form that was sent.
 */
export interface FormResult {
  result: SubmissionResult<string[]>;
  intent?: string;
}

/**
 * The result of this page's form, for useForm's `lastResult` (its errors, its values): the
 * action's answer, or, on a page with several forms, the answer to the form with `intent` only.
 */
export function useFormResult(intent?: string): SubmissionResult<string[]> | undefined {
  const answer = useActionData<FormResult>() as FormResult | undefined;
  if (!answer?.result || (intent !== undefined && answer.intent !== intent)) return undefined;
  return answer.result;
}
