import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n-react";

/** A form's own errors (locale keys), announced. */
export function FormError({ errors, id }: { errors?: string[]; id?: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {errors.map((key) => t(key, { defaultValue: t("authErrors.generic") })).join(" ")}
    </div>
  );
}

/**
 * A field's first error (a locale key) under it, or `message` when the field words its errors
 * itself: the id its input's aria-describedby names.
 */
export function FieldError({ field, message }: { field: { errors?: string[]; errorId: string }; message?: string }) {
  const { t } = useTranslation();
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm text-red-700">
      {message ?? t(field.errors[0])}
    </p>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  name,
  value,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-disabled={pending}
      className="w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:brightness-90 disabled:opacity-60"
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A submit button of its own look (`className`), disabled while its form is sending (`pending`). */
export function PendingSubmit({
  pending,
  className,
  children,
}: {
  pending: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={pending} className={className}>
      {children}
    </button>
  );
}
