import type { ReactNode } from "react";
import { FieldError } from "~/ui/form-parts";

type Field = { id: string; errorId: string; errors?: string[] };

/**
 * The control's ARIA wiring: invalid when the field has errors; described by its hint (when it has
 * one) and its error (when it shows one), as FieldFrame renders them.
 */
export function fieldAria(field: Field, hint: boolean) {
  const invalid = Boolean(field.errors?.length);
  const describedBy = [hint ? `${field.id}-hint` : null, invalid ? field.errorId : null].filter(Boolean).join(" ");
  return { "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined };
}

/**
 * A form field's frame: its label, the control (`children`, wired with fieldAria), its hint and its
 * error (the first locale key, or `errorMessage` when the field words it itself).
 */
export function FieldFrame({
  field,
  label,
  hint,
  hintClassName = "text-slate-600",
  hintLive = false,
  errorMessage,
  className,
  children,
}: {
  field: Field;
  label: string;
  hint?: string;
  /** The hint's colour. */
  hintClassName?: string;
  /** The hint follows what is typed: read out when it changes. */
  hintLive?: boolean;
  errorMessage?: string;
  /** The frame's classes (its width), when it has any. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p
          id={`${field.id}-hint`}
          className={`mt-1 text-xs ${hintClassName}`}
          aria-live={hintLive ? "polite" : undefined}
        >
          {hint}
        </p>
      ) : null}
      <FieldError field={field} message={errorMessage} />
    </div>
  );
}
