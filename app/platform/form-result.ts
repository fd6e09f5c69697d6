import type { SubmissionResult } from "@conform-to/react";

/**
 * THE answer of a form action that does not redirect (made by form-result.server.ts, read by
 * ~/ui/use-form-result): conform's result of the submission and, only on a page with several
 * forms, the `intent` of the form that was sent.
 */
export interface FormResult {
  result: SubmissionResult<string[]>;
  intent?: string;
}
