import { createContext, useContext, type ReactNode } from "react";
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, type FormProps } from "@remix-run/react";
import { FormError } from "~/ui/form-parts";

/** What an IntentForm posts that tells it apart from the page's other forms: its intent and hidden values. */
export interface IntentFormIdentity {
  intent: string;
  values: Record<string, string>;
}

/**
 * What a page's layout shows after each of its IntentForms, outside it (a form of its own, never
 * nested): the console's "Confirm it's you" prompt for the form whose post needs the fresh check
 * (features/console/console-reauth-prompt.tsx, provided by the console's layout). None by default.
 */
export const IntentFormAfter = createContext<((form: IntentFormIdentity) => ReactNode) | null>(null);

/**
 * A page form that posts one intent: its errors first (announced), the hidden `intent` and any more
 * hidden values (`values`: name to value), then its fields. `meta`: the conform form it is (its id,
 * validation and errors); `errors`, when given, are shown instead of the conform form's. After it,
 * what the layout adds for it (IntentFormAfter).
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
  const after = useContext(IntentFormAfter);
  return (
    <>
      <Form method="post" {...(meta ? getFormProps(meta) : {})} {...form}>
        <FormError errors={errors ?? meta?.errors} id={meta?.errorId} />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(values ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
      </Form>
      {after?.({ intent, values: values ?? {} })}
    </>
  );
}
