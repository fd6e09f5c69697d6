import type { z } from "zod";
import { useFormValidation } from "~/ui/use-form-validation";

type SecuritySchemas = typeof import("~/features/account/security-schemas");

/** useFormValidation for a form of /account/security: its schema picked from security-schemas (fetched once interactive). */
export function useSecurityValidation<S extends z.ZodTypeAny>(pick: (schemas: SecuritySchemas) => S) {
  return useFormValidation(() => import("~/features/account/security-schemas"), pick);
}
