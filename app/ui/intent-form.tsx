import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, type FormProps } from "@remix-run/react";
import { FormError } from "~/ui/form-parts";

/**
 * A page form that posts one intent: its errors first (announced), the hidden `intent` and any more
 * hidden values (`values`: name to value), then its fields. `meta`: the conform form it is (its id,
 * validation and errors); `errors`, when given, are shown instead of the conform form's.
 */
export function IntentForm<Schema extends Record<string, unknown>>({
  intent,
  values,
  meta,
  errors,
  children,
  ...form
}: Omit<FormProps, "method"> & {
  intent: string;
  values?: Record<string, string>;
  meta?: FormMetadata<Schema>;
  errors?: string[];
}) {
  return (
    <Form method="post" {...(meta ? getFormProps(meta) : {})} {...form}>
      <FormError errors={errors ?? meta?.errors} id={meta?.errorId} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
