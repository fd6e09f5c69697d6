import { z } from "zod";
import { said, typedLines } from "../fields";
import { DECIMAL_AMOUNT } from "../money";
import type * as out from "../outputs";

/** The longest reason a refund may carry (the booking_refunds check). */
export const REFUND_REASON_MAX = 500;

/** A booking's id in the console's paths (bk_ + 16 URL-safe characters). */
export const operatorBookingParams = z.object({
  bookingId: z.string().regex(/^bk_[A-Za-z0-9_-]{16}$/, said("bookingId.invalid")),
});

/** The client's idempotency key of one refund (the console renders a fresh one per page view). */
export const refundIdempotencyKey = z
  .string({ required_error: said("idempotencyKeyBody.required") })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, said("refundKey.invalid"));

/** POST /v1/operator/bookings/{bookingId}/refunds */
export const operatorRefundBody = z
  .object({
    /** What to refund now, in minor units (or `amount`: one of the two). */
    amountMinor: z
      .number()
      .int(said("number.whole"))
      .positive(said("refund.positive"))
      .max(100_000_000, said("number.atMost"))
      .optional(),
    /**
     * What to refund now, as typed in the booking's currency ("12.50"; "1500" for yen): the API
     * turns it into minor units with the booking's currency (at most its minor unit's digits).
     */
    amount: z.string().regex(DECIMAL_AMOUNT, said("refund.amountFormat")).optional(),
    /** The booking's refunded total the operator saw when deciding: another refund meanwhile is a 409. */
    alreadyRefundedMinor: z
      .number()
      .int(said("number.whole"))
      .min(0, said("number.atLeast"))
      .max(100_000_000, said("number.atMost")),
    reason: typedLines(
      z
        .string({ required_error: said("reason.required") })
        .trim()
        .min(1, said("reason.required"))
        .max(REFUND_REASON_MAX, said("reason.tooLong")),
    ),
    /** Cancel the booking and free its seats (only before the departure starts). */
    releaseSeats: z.boolean(),
    idempotencyKey: refundIdempotencyKey,
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.amountMinor === undefined) === (body.amount === undefined)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: said("refund.amountOneOf") });
    }
  });

export type OperatorRefundBody = z.infer<typeof operatorRefundBody>;
export type OperatorRefund = z.infer<typeof out.operatorRefund>;
export type OperatorRefundResult = z.infer<typeof out.operatorRefundResult>;
export type OperatorBooking = z.infer<typeof out.operatorBooking>;
