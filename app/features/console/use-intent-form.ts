import { useForm } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { useFormResult } from "~/ui/use-form-result";
import type { useFormValidation } from "~/ui/use-form-validation";

/**
 * One form of a console page with several (its result is the one answered to `id`: the intent,
 * or `intent:<row id>` for a row's form), validated in the browser by `validation`
 * (useFormValidation's answer). A new `version` resets it (conform starts it again, empty).
 */
export function useIntentForm(
  page: string,
  id: string,
  constraint: ReturnType<typeof getZodConstraint>,
  validation: ReturnType<typeof useFormValidation>,
  defaults: Record<string, string> = {},
  version = "",
) {
  return useForm({
    id: `${page}-${id.replace(":", "-")}${version}`,
    lastResult: useFormResult(id),
    defaultValue: defaults,
    constraint,
    ...validation,
  });
}
