import { z } from "zod";
import { checkInBody, checkInSettingsUpdate, MAX_GUESTS_PER_BOOKING } from "~contract/operator/check-in";
import { idempotencyKey } from "./form-key";

/** The check-in page's forms: a scan (typed, or decoded by the camera) and the setting. */
export const ScanSchema = z.object({
  intent: z.literal("scan"),
  /** The API's rule (contract/operator/check-in.ts): shown as tickets.codeRequired and validation.tooLong. */
  code: checkInBody.shape.code,
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
  /** The API's rule (contract/operator/check-in.ts), from the select's text; not sent: left as it is. */
  cancellationCutoffHours: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === "" ? undefined : Number(value)))
    .pipe(checkInSettingsUpdate.shape.cancellationCutoffHours),
});

export const CHECK_IN_SCHEMAS = { scan: ScanSchema, settings: CheckInSettingsSchema } as const;
export type CheckInIntent = keyof typeof CHECK_IN_SCHEMAS;
