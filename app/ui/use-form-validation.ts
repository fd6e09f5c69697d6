import type { Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";

type FormSchemas = typeof import("~/ui/form-validation");

let loaded: FormSchemas | undefined;
let loading: Promise<FormSchemas> | undefined;

/**
 * Fetch the schemas once. Started as soon as a page with a form is loaded in the browser (beside
 * hydration, not before it); `<html data-form-validation="ready">` tells when they are there.
 */
function loadFormSchemas(): Promise<FormSchemas> {
  loading ??= import("~/ui/form-validation").then((module) => {
    loaded = module;
    document.documentElement.dataset.formValidation = "ready";
    return module;
  });
  return loading;
}
if (typeof document !== "undefined") void loadFormSchemas();

/**
 * conform's browser-side validation for a form, from a schema picked out of ~/ui/form-validation
 * (zod and every form's schema, about 17 KiB gzip, one chunk cached by the browser), which pages
 * do not wait for. Until it is there a submit goes to the action, which validates with the same
 * schema; the browser checks the constraints the loader computed (getZodConstraint), with or
 * without JavaScript. Spread the answer into useForm's options.
 */
export function useFormValidation<S extends z.ZodTypeAny>(pick: (forms: FormSchemas) => S) {
  const [forms, setForms] = useState(loaded);
  useEffect(() => {
    if (forms) return;
    let live = true;
    void loadFormSchemas().then((module) => {
      if (live) setForms(module);
    });
    return () => {
      live = false;
    };
  }, [forms]);
  if (!forms) return { shouldValidate: "onSubmit" as const };
  const schema = pick(forms);
  return {
    shouldValidate: "onBlur" as const,
    shouldRevalidate: "onInput" as const,
    onValidate: ({ formData }: { formData: FormData }): Submission<z.input<S>, string[], z.output<S>> =>
      forms.parseWithZod(formData, { schema }),
  };
}
