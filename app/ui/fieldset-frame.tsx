import type { ReactNode } from "react";
import { FieldError } from "~/ui/form-parts";

/**
 * A group of controls' frame (checkboxes, radios, quantities under one name): its legend, the
 * controls (`children`, laid out by `className`), its first error (a locale key) under them; the
 * group is described by its error when it shows one.
 */
export function FieldsetFrame({
  field,
  legend,
  className,
  children,
}: {
  field: { errors?: string[]; errorId: string };
  legend: string;
  /** How the controls are laid out (their margin, gaps). */
  className: string;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={className}>{children}</div>
      <FieldError field={field} />
    </fieldset>
  );
}
