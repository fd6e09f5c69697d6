import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldFrame, fieldAria } from "~/ui/field-frame";
import { SelectOptions } from "~/ui/labelled-select";

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
  const aria = fieldAria(field, Boolean(hint));
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <select
        {...getSelectProps(field, { ariaAttributes: false })}
        key={field.key}
        {...aria}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm ${aria["aria-invalid"] ? "border-red-600" : "border-slate-300"}`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}
