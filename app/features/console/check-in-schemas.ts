import { z } from "zod";
import { MAX_GUESTS_PER_BOOKING } from "~contract/operator-check-in";
import { TICKET_CODE_INPUT_MAX } from "~contract/ticket-code";
import { idempotencyKey } from "./form-key";

/** The check-in page's forms: a scan (typed, or decoded by the camera) and the setting. */
export const ScanSchema = z.object({
  intent: z.literal("scan"),
  code: z
    .string({ required_error: "tickets.codeRequired" })
    .trim()
    .min(1, "tickets.codeRequired")
    .max(TICKET_CODE_INPUT_MAX, "validation.tooLong"),
  idempotencyKey,
  guests: z.coerce
    .number({ invalid_type_error: "tickets.guestsInvalid" })
    .int("tickets.guestsInvalid")
    .min(1, "tickets.guestsInvalid")
    .max(MAX_GUESTS_PER_BOOKING, "tickets.guestsInvalid")
    .optional(),
});

/** An unchecked box is not sent at all. */
export const CheckInSettingsSchema = z.object({
  intent: z.literal("settings"),
  requireCheckIn: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  rescheduleRefunds: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

export const CHECK_IN_SCHEMAS = { scan: ScanSchema, settings: CheckInSettingsSchema } as const;
export type CheckInIntent = keyof typeof CHECK_IN_SCHEMAS;
