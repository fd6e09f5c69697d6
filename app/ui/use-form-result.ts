import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { FormResult } from "~/platform/form-result";

/**
 * The result of this page's form, for useForm's `lastResult` (its errors, its values): the
 * action's answer, or, on a page with several forms, the answer to the form with `intent` only.
 */
export function useFormResult(intent?: string): SubmissionResult<string[]> | undefined {
  const answer = useActionData<FormResult>() as FormResult | undefined;
  if (!answer?.result || (intent !== undefined && answer.intent !== intent)) return undefined;
  return answer.result;
}

/** The form's own errors (not a field's) answered to the form `intent`: a row's one-button form. */
export function useFormErrors(intent: string): string[] | undefined {
  return useFormResult(intent)?.error?.[""] ?? undefined;
}
