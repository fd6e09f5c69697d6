import type { z } from "zod";
import { useFormValidation } from "~/ui/use-form-validation";
import { useLoginLayoutData, type LoginFormConstraints } from "./use-login-layout-data";

type AuthSchemas = typeof import("~/features/auth/auth-schemas");

/**
 * A sign-in page's form checks, spread into useForm's options: the constraints the login layout
 * computed for form `name`, and in the browser the schema `pick` takes from auth-schemas (see
 * useFormValidation).
 */
export function useAuthFormChecks<S extends z.ZodTypeAny>(
  name: keyof LoginFormConstraints,
  pick: (schemas: AuthSchemas) => S,
) {
  return {
    constraint: useLoginLayoutData().constraints[name],
    ...useFormValidation(() => import("~/features/auth/auth-schemas"), pick),
  };
}
