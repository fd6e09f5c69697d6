import { z } from "zod";

/** The tip form: a preset amount (minor units) or "custom" with an amount typed in major units. */
export const TipFormSchema = z
  .object({
    choice: z.string({ required_error: "gratuity.chooseAmount" }).regex(/^(\d{1,9}|custom)$/, "gratuity.chooseAmount"),
    custom: z
      .string()
      .trim()
      .regex(/^\d{1,7}([.,]\d{1,2})?$/, "gratuity.customInvalid")
      .optional(),
  })
  .refine((value) => value.choice !== "custom" || value.custom !== undefined, {
    path: ["custom"],
    message: "gratuity.customInvalid",
  });

/** The amount chosen, in minor units of a currency with `digits` decimals. */
export function chosenAmount(value: z.output<typeof TipFormSchema>, digits: number): number {
  if (value.choice !== "custom") return Number(value.choice);
  return Math.round(Number(value.custom!.replace(",", ".")) * 10 ** digits);
}
