import { z } from "zod";
import { count, isoTime } from "../output-parts";
import { said } from "../fields";
import { IDEMPOTENCY_KEY_PATTERN } from "../idempotency-key";
import { TICKET_CODE_INPUT_MAX } from "../bookings/ticket-code";
import { MAX_CANCELLATION_CUTOFF_HOURS } from "./cancellation-rules";

export * from "./cancellation-rules";

/**
 * Checking guests in by their ticket's code (POST /v1/operator/check-ins: scanned or typed in
 * the console's /console/check-in) and the operator's "require check-in" setting.
 */

/** At most this many guests on one booking (booking_check_ins.guest_no's range). */
export const MAX_GUESTS_PER_BOOKING = 20;

/**
 * What a scan answers, checked in this order (validity before "already checked in"):
 * - `invalid`: no such code, or not a well-formed one;
 * - `wrong_operator`: a real code of another operator's booking (nothing more is said of it);
 * - `not_assigned`: a guide scanning a departure not assigned to them (another guide's, or no one's yet);
 * - `cancelled`: the booking was cancelled, refunded, expired or failed;
 * - `unpaid`: the booking is held, or its payment is not made while a total is due;
 * - `wrong_date`: its departure is not today (in the departure's own zone, its experience's);
 * - `already_checked_in`: every guest of it is checked in (with the time of the first);
 * - `ok`: guests admitted now.
 */
export const CHECK_IN_OUTCOMES = [
  "ok",
  "already_checked_in",
  "cancelled",
  "unpaid",
  "wrong_date",
  "wrong_operator",
  "not_assigned",
  "invalid",
] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/** POST /v1/operator/check-ins */
export const checkInBody = z.object({
  /** As typed or decoded: case, spaces and dashes do not matter; O reads as 0, I and L as 1. */
  code: z
    .string({ required_error: said("ticketCodeEntry.required") })
    .trim()
    .min(1, said("ticketCodeEntry.required"))
    .max(TICKET_CODE_INPUT_MAX, said("text.tooLong")),
  /** One per scan: the same key again answers the first answer (a retried request, a double submit). */
  idempotencyKey: z
    .string({ required_error: said("idempotencyKeyBody.required") })
    .regex(IDEMPOTENCY_KEY_PATTERN, said("idempotencyKey.invalid")),
  /** How many guests to admit now; absent: every guest not yet checked in. */
  guests: z
    .number({ invalid_type_error: said("guests.whole") })
    .int(said("guests.whole"))
    .min(1, said("guests.tooSmall"))
    .max(MAX_GUESTS_PER_BOOKING, said("guests.tooBig"))
    .optional(),
});
export type CheckInBody = z.output<typeof checkInBody>;

/** The booking a scan found, for the person at the door (on `ok`, `already_checked_in` and `wrong_date`). */
export const checkInBooking = z.object({
  id: z.string(),
  reference: z.string(),
  leadGuestName: z.string(),
  /** "2 Adults, 1 Child" */
  guests: z.string(),
  experienceTitle: z.string(),
  serviceName: z.string(),
  startsAt: isoTime,
  /** The experience's IANA time zone: the departure's day and time are in it. */
  timezone: z.string(),
  checkedIn: count,
  seats: count,
});

/** A scan's answer: the same for a retry with the same idempotency key. */
export const checkInAnswer = z.object({
  outcome: z.enum(CHECK_IN_OUTCOMES),
  /** The outcome in words, for the person at the door. */
  reason: z.string(),
  /** Guests admitted by this scan (0 unless `ok`). */
  admitted: count,
  /** `already_checked_in`: when the booking's first guest was checked in. */
  firstCheckedInAt: isoTime.nullable(),
  booking: checkInBooking.nullable(),
});
export type CheckInAnswer = z.infer<typeof checkInAnswer>;

/** PUT /v1/operator/check-in-settings */
export const checkInSettingsBody = z.object({
  /** Only bookings with a guest checked in get the tip email and the review invitation. */
  requireCheckIn: z.boolean({
    required_error: said("checkInRequired.required"),
    invalid_type_error: said("boolean.invalid"),
  }),
});

/**
 * The settings of the check-in page, the operator's booking policies among them; `rescheduleRefunds`
 * and `cancellationCutoffHours` are left as they are when not sent.
 */
export const checkInSettingsUpdate = checkInSettingsBody.extend({
  /** A traveller's move to a cheaper departure is refunded the difference (false: refused). */
  rescheduleRefunds: z.boolean({ invalid_type_error: said("boolean.invalid") }).optional(),
  /**
   * Free cancellation (a full refund) until this many hours before the departure; after it the
   * policy owes nothing, and an operator's refund is its goodwill, out of its own part.
   */
  cancellationCutoffHours: z
    .number({ invalid_type_error: said("cancellationCutoff.invalid") })
    .int(said("cancellationCutoff.invalid"))
    .min(0, said("cancellationCutoff.invalid"))
    .max(MAX_CANCELLATION_CUTOFF_HOURS, said("cancellationCutoff.invalid"))
    .optional(),
});
export const checkInSettings = checkInSettingsBody.extend({
  rescheduleRefunds: z.boolean(),
  cancellationCutoffHours: z.number().int(),
});
export type CheckInSettings = z.infer<typeof checkInSettings>;
