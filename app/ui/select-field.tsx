import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/ui/form-parts";

export type SelectOption = { value: string; label: string };

/**
 * A labelled <select> with its hint and its error (a locale key), wired for screen readers.
 * `placeholder` adds a first empty option ("Choose…"); without it the first option is chosen.
 */
export function SelectField({
  field,
  label,
  options,
  placeholder,
  hint,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  hint?: string;
}) {
  const invalid = Boolean(field.errors?.length);
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, invalid ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...getSelectProps(field, { ariaAttributes: false })}
        key={field.key}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm ${invalid ? "border-red-600" : "border-slate-300"}`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
