import { z } from "zod";
import { toMinorUnits } from "~contract/money";

/**
 * The console's refund form (/console/bookings/$bookingId), shared by the form and the action:
 * the amount typed in the currency's major units ("12.50"), at most what can still be refunded;
 * the reason; whether to release the seats; and the two hidden values the loader rendered (the
 * refunded total the page showed, a fresh idempotency key per page view).
 */
export function refundFormSchema(digits: number, refundableMinor: number) {
  const pattern = digits > 0 ? new RegExp(`^\\d{1,9}([.,]\\d{1,${digits}})?$`) : /^\d{1,9}$/;
  return z.object({
    amount: z
      .string({ required_error: "refunds.amountRequired" })
      .trim()
      .regex(pattern, "refunds.amountInvalid")
      .refine((value) => toMinorUnits(value, digits) > 0, "refunds.amountTooSmall")
      .refine((value) => toMinorUnits(value, digits) <= refundableMinor, "refunds.exceedsPlain"),
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
