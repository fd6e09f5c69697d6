import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldFrame, fieldAria } from "~/ui/field-frame";

type Field = FieldMetadata<string | undefined>;

const CONTROL = "mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm";

/** A labelled <textarea> with its hint and its error (a locale key), wired for screen readers. */
export function TextAreaField({
  field,
  label,
  hint,
  rows = 4,
}: {
  field: Field;
  label: string;
  hint?: string;
  rows?: number;
}) {
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <textarea
        {...getTextareaProps(field, { ariaAttributes: false })}
        key={field.key}
        rows={rows}
        {...fieldAria(field, Boolean(hint))}
        className={`${CONTROL} ${field.errors?.length ? "border-red-600" : "border-slate-300"}`}
      />
    </FieldFrame>
  );
}
