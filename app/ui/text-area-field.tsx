import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldFrame, fieldAria } from "~/ui/field-frame";

type Field = FieldMetadata<string | undefined>;

const CONTROL = "mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm";
/** The desk's plain box: no shadow, and its border stays slate on an error (shown under it). */
const PLAIN = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base";

/** A labelled <textarea> with its hint and its error (a locale key), wired for screen readers. */
export function TextAreaField({
  field,
  label,
  hint,
  rows = 4,
  plain = false,
}: {
  field: Field;
  label: string;
  hint?: string;
  rows?: number;
  /** The desk's plain box (PLAIN) instead of the kit's, whose border turns red on an error. */
  plain?: boolean;
}) {
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <textarea
        {...getTextareaProps(field, { ariaAttributes: false })}
        key={field.key}
        rows={rows}
        {...fieldAria(field, Boolean(hint))}
        className={plain ? PLAIN : `${CONTROL} ${field.errors?.length ? "border-red-600" : "border-slate-300"}`}
      />
    </FieldFrame>
  );
}
