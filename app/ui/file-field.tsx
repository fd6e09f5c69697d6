import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldFrame, fieldAria } from "~/ui/field-frame";

/** A labelled file input with its hint and its error (a locale key), wired for screen readers. */
export function FileField({
  field,
  label,
  hint,
  accept,
  required,
}: {
  field: FieldMetadata<File | undefined>;
  label: string;
  hint: string;
  /** The types the file picker offers (the API reads the bytes). */
  accept: string;
  required?: boolean;
}) {
  return (
    <FieldFrame field={field} label={label} hint={hint} hintClassName="text-slate-700">
      <input
        {...getInputProps(field, { type: "file", ariaAttributes: false })}
        key={field.key}
        accept={accept}
        required={required}
        {...fieldAria(field, true)}
        className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
      />
    </FieldFrame>
  );
}
