import type { ComponentPropsWithoutRef } from "react";
import { Button, type ButtonVariant } from "~/ui/button";
import { IntentForm } from "~/ui/intent-form";
import { useFormErrors } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

/**
 * A form of one button that posts `intent` (and any hidden `values`): the action's errors for
 * `formId` (the intent unless told) above it, the button disabled while the intent posts.
 */
export function IntentButton({
  intent,
  formId = intent,
  values,
  className,
  variant,
  ...button
}: {
  intent: string;
  formId?: string;
  values?: Record<string, string>;
  /** The form's place on the page (a margin). */
  className?: string;
  variant?: ButtonVariant;
} & Omit<ComponentPropsWithoutRef<"button">, "className" | "disabled">) {
  const pending = useIsPending({ intent });
  return (
    <IntentForm intent={intent} values={values} className={className} errors={useFormErrors(formId)}>
      <Button variant={variant} disabled={pending} {...button} />
    </IntentForm>
  );
}
