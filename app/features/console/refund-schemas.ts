import { z } from "zod";
import { toMinorUnits } from "~contract/money";

/**
 * The console's refund form (/console/bookings/$bookingId), shared by the form and the action:
 * the amount typed in the currency's major units ("12.50"), at most what can still be refunded;
 * the reason; whether to release the seats; and the two hidden values the loader rendered (the
 * refunded total the page showed, a fresh idempotency key per page view). The page knows the
 * currency's `digits` and what is refundable; the action does not (it reads no booking): it sends
 * the amount as typed (a decimal point for a comma), and the API reads it in the booking's currency.
 */
export function refundFormSchema(digits?: number, refundableMinor = Number.MAX_SAFE_INTEGER) {
  const fraction = digits === undefined ? "{1,9}" : `{1,${digits}}`;
  const pattern = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}([.,]\\d${fraction})?$`);
  const minorOf = (value: string) => toMinorUnits(value, digits ?? value.split(/[.,]/)[1]?.length ?? 0);
  return z.object({
    amount: z
      .string({ required_error: "refunds.amountRequired" })
      .trim()
      .regex(pattern, "refunds.amountInvalid")
      .refine((value) => minorOf(value) > 0, "refunds.amountTooSmall")
      .refine((value) => minorOf(value) <= refundableMinor, "refunds.exceedsPlain")
      .transform((value) => value.replace(",", ".")),
    reason: z
      .string({ required_error: "refunds.reasonRequired" })
      .trim()
      .min(1, "refunds.reasonRequired")
      .max(500, "refunds.reasonTooLong"),
    releaseSeats: z.literal("on").optional(),
    alreadyRefundedMinor: z.coerce.number({ invalid_type_error: "refunds.invalid" }).int().min(0),
    idempotencyKey: z.string({ required_error: "refunds.invalid" }).regex(/^[A-Za-z0-9_-]{8,64}$/, "refunds.invalid"),
  });
}
