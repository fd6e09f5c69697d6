import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/platform/i18n-react";
import { FieldFrame, fieldAria } from "~/ui/field-frame";

type Props = {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "date" | "time";
  hint?: string;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  /** Values for message interpolation, e.g. the password policy. */
  messageValues?: Record<string, unknown>;
  autoFocus?: boolean;
};

/** A labelled input with its hint and its errors (locale keys), wired for screen readers. */
export function TextField({
  field,
  label,
  type = "text",
  hint,
  autoComplete,
  inputMode,
  messageValues,
  autoFocus,
}: Props) {
  const { t } = useTranslation();
  const aria = fieldAria(field, Boolean(hint));
  return (
    <FieldFrame
      field={field}
      label={label}
      hint={hint}
      errorMessage={field.errors
        ?.map((key) => t(key, { defaultValue: t("validation.required"), ...messageValues }))
        .join(" ")}
    >
      <input
        {...getInputProps(field, { type, ariaAttributes: false })}
        key={field.key}
        {...aria}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 ${aria["aria-invalid"] ? "border-red-600" : "border-slate-300"}`}
      />
    </FieldFrame>
  );
}

/** A US phone number (national format): the phone keypad, and the browser fills it in. */
export function PhoneField(props: Pick<Props, "field" | "label" | "hint">) {
  return <TextField {...props} type="tel" inputMode="tel" autoComplete="tel-national" />;
}
