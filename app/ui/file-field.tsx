import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/ui/form-parts";

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
  const hintId = `${field.id}-hint`;
  const invalid = Boolean(field.errors?.length);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "file", ariaAttributes: false })}
        key={field.key}
        accept={accept}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, invalid ? field.errorId : null].filter(Boolean).join(" ")}
        className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-700">
        {hint}
      </p>
      <FieldError field={field} />
    </div>
  );
}
