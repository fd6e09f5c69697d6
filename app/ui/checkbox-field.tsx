import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { fieldAria } from "~/ui/field-frame";
import { FieldError } from "~/ui/form-parts";

/**
 * A form's checkbox (it posts "on" when ticked) with its label beside it, its hint under the label
 * and its error (a locale key) under both, wired for screen readers as fieldAria says; `describedBy`
 * names what else on the page describes it (a warning above it). `className`: the row's classes.
 */
export function CheckboxField<Schema>({
  field,
  label,
  hint,
  describedBy,
  className = "flex items-start gap-2",
}: {
  field: FieldMetadata<Schema>;
  label: string;
  hint?: string;
  describedBy?: string;
  className?: string;
}) {
  const aria = fieldAria(field, Boolean(hint));
  return (
    <>
      <div className={className}>
        <input
          {...getInputProps(field, { type: "checkbox", value: "on", ariaAttributes: false })}
          key={field.key}
          aria-invalid={aria["aria-invalid"]}
          aria-describedby={[describedBy, aria["aria-describedby"]].filter(Boolean).join(" ") || undefined}
          className="mt-1 h-4 w-4"
        />
        {hint ? (
          <div>
            <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
              {label}
            </label>
            <p id={`${field.id}-hint`} className="text-sm text-slate-700">
              {hint}
            </p>
          </div>
        ) : (
          <label htmlFor={field.id} className="text-sm text-slate-800">
            {label}
          </label>
        )}
      </div>
      <FieldError field={field} />
    </>
  );
}
