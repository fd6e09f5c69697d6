import type { FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/ui/form-parts";

/**
 * Checkboxes of one name and several values (a form posts each ticked one): a fieldset with its
 * legend, the boxes laid out by `className`, its first error (a locale key) under them; the group
 * is described by its error when it shows one. The field's initial values are ticked.
 */
export function CheckboxList({
  field,
  legend,
  options,
  className,
}: {
  field: FieldMetadata<string[] | undefined>;
  legend: string;
  options: Array<{ value: string; label: string }>;
  /** How the boxes are laid out (their margin, columns, gaps). */
  className: string;
}) {
  const initial = field.initialValue;
  const checked = new Set(Array.isArray(initial) ? initial : initial ? [initial] : []);
  return (
    <fieldset
      aria-describedby={field.errors?.length ? field.errorId : undefined}
      aria-invalid={field.errors?.length ? true : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={className}>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={field.name}
              value={option.value}
              defaultChecked={checked.has(option.value)}
              key={`${field.key ?? ""}-${option.value}`}
              className="h-4 w-4"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError field={field as unknown as FieldMetadata<string | undefined>} />
    </fieldset>
  );
}
