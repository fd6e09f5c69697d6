import { useForm, type FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import type { OperatorService } from "~contract/operator/services";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import type { PricesPageData } from "./prices-data";

export type FormName = "service" | "create" | "delete" | "prices" | "private" | "deposit";

/** One form of the page; `S`: what it holds, as typed. A new `version` resets it (conform starts it again). */
export function usePriceForm<S extends Record<string, unknown>>(
  intent: FormName,
  id: string,
  defaultValue: S,
  version = "",
) {
  const { constraints, digits } = useLoaderData<PricesPageData>();
  const lastResult = useFormResult(id);
  // The page's schemas are picked by intent: their union is narrowed to this form's by `S`.
  const validation = useFormValidation(
    () => import("~/features/console/price-schemas"),
    (schemas) => schemas.priceFormSchema(intent, digits),
  ) as Partial<Parameters<typeof useForm<S>>[0]>;
  return useForm<S>({
    id: `${id.replace(":", "-")}${version}`,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: constraints[intent],
    ...validation,
  });
}

export const figuresKey = (service: OperatorService) =>
  [service.name, service.description, service.durationMinutes, service.capacity, service.sortOrder].join("|");

export const asText = (field: FieldMetadata<unknown>) => field as FieldMetadata<string | undefined>;
