import type { ReactNode } from "react";
import type { FormProps } from "@remix-run/react";
import { SubmitButton } from "~/ui/form-parts";
import { SettingCheckbox } from "~/ui/hinted-choice";
import { IntentForm } from "~/ui/intent-form";
import { useIsPending } from "~/ui/use-is-pending";

/**
 * A form of one on/off setting posting `intent` (a checkbox and Save, without JavaScript too): what
 * it says first (`children`), the setting's checkbox (SettingCheckbox: it shows the saved value) and
 * the save button (`save`, `saving` while it posts). `errors`: the form's refusals.
 */
export function SettingForm({
  intent,
  setting,
  save,
  saving,
  errors,
  children,
  ...form
}: Omit<FormProps, "method" | "children"> & {
  intent: string;
  setting: Parameters<typeof SettingCheckbox>[0];
  save: string;
  saving: string;
  errors?: string[];
  children?: ReactNode;
  "data-testid"?: string;
}) {
  const pending = useIsPending({ intent });
  return (
    <IntentForm intent={intent} errors={errors} {...form}>
      {children}
      <SettingCheckbox {...setting} />
      <SubmitButton pending={pending} label={save} pendingLabel={saving} />
    </IntentForm>
  );
}
