import type { Submission } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";

type Parse = typeof import("~/platform/parse-with-zod").parseWithZod;

let parser: Promise<Parse> | undefined;

/** The form parser (zod and conform's adapter, shared by every form's chunk), fetched once. */
function loadParser(): Promise<Parse> {
  parser ??= import("~/platform/parse-with-zod").then((module) => module.parseWithZod);
  return parser;
}

/**
 * conform's browser-side validation for a form, from a schema picked out of the module `load`
 * imports — the form's own schema module, e.g. `() => import("~/features/auth/auth-schemas")` —
 * which is fetched once the page is interactive (zod and the schemas stay out of the JS a page
 * needs to show itself or to work without JavaScript); `<html data-form-validation="ready">`
 * tells when one has arrived. Until then a submit goes to the action, which validates with the
 * same schema; the browser checks the constraints the loader computed (getZodConstraint), with or
 * without JavaScript. Spread the answer into useForm's options.
 */
export function useFormValidation<Schemas, S extends z.ZodTypeAny>(
  load: () => Promise<Schemas>,
  pick: (schemas: Schemas) => S,
) {
  // The first render's loader: an inline arrow is a new function on every render.
  const loadSchemas = useRef(load).current;
  const [loaded, setLoaded] = useState<{ schemas: Schemas; parse: Parse }>();
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void Promise.all([loadParser(), loadSchemas()]).then(([parse, schemas]) => {
      document.documentElement.dataset.formValidation = "ready";
      if (live) setLoaded({ schemas, parse });
    });
    return () => {
      live = false;
    };
  }, [loaded, loadSchemas]);
  if (!loaded) return { shouldValidate: "onSubmit" as const };
  const schema = pick(loaded.schemas);
  return {
    shouldValidate: "onBlur" as const,
    shouldRevalidate: "onInput" as const,
    onValidate: ({ formData }: { formData: FormData }): Submission<z.input<S>, string[], z.output<S>> =>
      loaded.parse(formData, { schema }),
  };
}
