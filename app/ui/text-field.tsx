import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";

type Props = {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "tel";
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
  const hintId = `${field.id}-hint`;
  const invalid = Boolean(field.errors?.length);
  const describedBy = [hint ? hintId : null, invalid ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...getInputProps(field, { type, ariaAttributes: false })}
        key={field.key}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 ${invalid ? "border-red-600" : "border-slate-300"}`}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {field.errors!.map((key) => t(key, { defaultValue: t("validation.required"), ...messageValues })).join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ errors, id }: { errors?: string[]; id?: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {errors.map((key) => t(key, { defaultValue: t("authErrors.generic") })).join(" ")}
    </div>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  name,
  value,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-disabled={pending}
      className="w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60"
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
