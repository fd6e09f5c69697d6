import { Button } from "~/ui/button";
import { IntentForm } from "~/ui/intent-form";
import { useFormErrors } from "~/ui/use-form-result";

/**
 * An act that asks first (a removal, a revocation), without JavaScript too: its button (`ask`, and
 * for screen readers `about`: what it acts on) opens the question, a native disclosure, and only
 * the question's button (`act`) posts `intent` with its hidden `values`. The answer to `formId`
 * (a refusal, "Confirm it's you") shows inside, kept open.
 */
export function AskFirst({
  intent,
  values,
  formId,
  ask,
  about,
  question,
  act,
}: {
  intent: string;
  values: Record<string, string>;
  formId: string;
  ask: string;
  about: string;
  question: string;
  act: string;
}) {
  const error = useFormErrors(formId);
  return (
    <details className="text-sm" open={error ? true : undefined}>
      <summary className="cursor-pointer rounded-md border border-red-300 px-3 py-2 font-medium text-red-800">
        {ask}
        <span className="sr-only"> {about}</span>
      </summary>
      <IntentForm errors={error} intent={intent} values={values} className="mt-2 max-w-xs space-y-2">
        <p className="text-slate-800">{question}</p>
        <Button variant="dangerSolid">{act}</Button>
      </IntentForm>
    </details>
  );
}
