import { z } from "zod";
import {
  MAX_DURATION_MINUTES,
  MAX_PRICE_MINOR,
  MAX_SERVICE_CAPACITY,
  MAX_TICKET_TYPES,
  TICKET_CODE,
} from "~contract/operator/service-limits";
import { toMinorUnits } from "~contract/money";
import { PRIVATE_SALES } from "~contract/statuses";
import { DEPOSIT_KINDS, MAX_DEPOSIT_DAYS } from "~contract/bookings/deposit-rules";
import { idempotencyKey } from "./form-key";

/**
 * The Services and prices page's forms: one schema each, shared by the form and the action.
 * Prices are typed in the currency's major units as people write them ("12.50", "12,50"; "1500"
 * in yen) and sent to the API as typed (a decimal point for a comma): it reads them in the
 * operator's currency.
 */
const serviceId = z.string({ required_error: "prices.invalid" }).regex(/^[A-Za-z0-9_-]{1,64}$/, "prices.invalid");
const name = z
  .string({ required_error: "prices.nameRequired" })
  .trim()
  .min(1, "prices.nameRequired")
  .max(120, "prices.tooLong");
const description = z.string().trim().max(2000, "prices.tooLong").default("");
const whole = (max: number, min = 1) =>
  z
    .number({ required_error: "prices.wholeNumber", invalid_type_error: "prices.wholeNumber" })
    .int("prices.wholeNumber")
    .min(min, "prices.tooSmall")
    .max(max, "prices.tooBig");

const serviceFields = {
  name,
  description,
  durationMinutes: whole(MAX_DURATION_MINUTES),
  capacity: whole(MAX_SERVICE_CAPACITY),
};

export const ServiceSchema = z.object({
  intent: z.literal("service"),
  serviceId,
  ...serviceFields,
  sortOrder: whole(1000, 0),
});
export const CreateServiceSchema = z.object({ intent: z.literal("create"), ...serviceFields, idempotencyKey });
export const DeleteServiceSchema = z.object({
  intent: z.literal("delete"),
  serviceId,
  confirm: z.literal("on", { errorMap: () => ({ message: "prices.confirmDelete" }) }),
});

/**
 * A service's deposit (issue 46, item 5): none, a percentage ("25", "12.5") or a fixed amount
 * typed in the currency; asked when the departure is more than `minDaysBefore` days away, the
 * balance charged `balanceDueDaysBefore` days before it (at most `minDaysBefore`).
 */
export function depositSchema(digits: number) {
  const days = whole(MAX_DEPOSIT_DAYS).optional();
  return z
    .object({
      intent: z.literal("deposit"),
      serviceId,
      kind: z.enum(["none", ...DEPOSIT_KINDS], { errorMap: () => ({ message: "prices.invalid" }) }),
      amount: z.string().trim().optional(),
      minDaysBefore: days,
      balanceDueDaysBefore: days,
    })
    .superRefine((form, ctx) => {
      if (form.kind === "none") return;
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (form.kind === "percent") {
        const percent = Number((form.amount ?? "").replace(",", "."));
        if (!/^\d{1,2}([.,]\d{1,2})?$/.test(form.amount ?? "") || percent <= 0 || percent >= 100)
          issue("amount", "prices.depositPercent_invalid");
      } else {
        const parsed = majorAmount(digits).safeParse(form.amount);
        if (!parsed.success || toMinorUnits(parsed.data.replace(",", "."), digits) <= 0)
          issue("amount", digits > 0 ? "prices.priceFormat" : "prices.priceWhole");
      }
      if (form.minDaysBefore === undefined) issue("minDaysBefore", "prices.wholeNumber");
      if (form.balanceDueDaysBefore === undefined) issue("balanceDueDaysBefore", "prices.wholeNumber");
      else if (form.minDaysBefore !== undefined && form.balanceDueDaysBefore > form.minDaysBefore)
        issue("balanceDueDaysBefore", "prices.balanceAfterDeposit");
    });
}

/** The deposit form's settings as the API takes them (value: basis points or minor units). */
export function depositBody(form: z.infer<ReturnType<typeof depositSchema>>, digits: number) {
  if (form.kind === "none") return null;
  const amount = (form.amount ?? "").replace(",", ".");
  return {
    kind: form.kind,
    value: form.kind === "percent" ? Math.round(Number(amount) * 100) : toMinorUnits(amount, digits),
    minDaysBefore: form.minDaysBefore!,
    balanceDueDaysBefore: form.balanceDueDaysBefore!,
  };
}

/** A price as typed, in a currency with `digits` decimals. */
export function majorAmount(digits: number) {
  const pattern = digits > 0 ? new RegExp(`^\\d{1,9}([.,]\\d{1,${digits}})?$`) : /^\d{1,9}$/;
  return z
    .string({ required_error: "prices.priceRequired" })
    .trim()
    .regex(pattern, digits > 0 ? "prices.priceFormat" : "prices.priceWhole")
    .refine((value) => toMinorUnits(value, digits) <= MAX_PRICE_MINOR, "prices.priceTooHigh");
}

/** The ticket-type table of one service, edited as a whole. */
export function pricesSchema(digits: number) {
  return z.object({
    intent: z.literal("prices"),
    serviceId,
    tickets: z
      .array(
        z.object({
          /** A saved type's code, kept as it is (a new row has none: the API makes it from the name). */
          code: z.string().regex(TICKET_CODE, "prices.invalid").optional(),
          name: z
            .string({ required_error: "prices.nameRequired" })
            .trim()
            .min(1, "prices.nameRequired")
            .max(80, "prices.tooLong"),
          price: majorAmount(digits),
        }),
        { required_error: "prices.atLeastOne" },
      )
      .min(1, "prices.atLeastOne")
      .max(MAX_TICKET_TYPES, "prices.tooMany"),
  });
}

/** How a service is sold private (issue 46): never, both ways, or only so; sold so, its group price and most guests. */
export function privateSaleSchema(digits: number) {
  return z
    .object({
      intent: z.literal("private"),
      serviceId,
      sale: z.enum(PRIVATE_SALES, { errorMap: () => ({ message: "prices.invalid" }) }),
      price: majorAmount(digits).optional(),
      maxGuests: whole(MAX_SERVICE_CAPACITY).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.sale === "none") return;
      if (value.price === undefined) ctx.addIssue({ code: "custom", path: ["price"], message: "prices.priceRequired" });
      if (value.maxGuests === undefined)
        ctx.addIssue({ code: "custom", path: ["maxGuests"], message: "prices.wholeNumber" });
    });
}

export const PRICE_INTENTS = ["service", "create", "delete", "prices", "private", "deposit"] as const;
export type PriceIntent = (typeof PRICE_INTENTS)[number];

/** The schema of a form of the page, for a currency with `digits` decimals. */
export function priceFormSchema(intent: PriceIntent, digits: number) {
  switch (intent) {
    case "service":
      return ServiceSchema;
    case "create":
      return CreateServiceSchema;
    case "delete":
      return DeleteServiceSchema;
    case "prices":
      return pricesSchema(digits);
    case "private":
      return privateSaleSchema(digits);
    case "deposit":
      return depositSchema(digits);
  }
}
