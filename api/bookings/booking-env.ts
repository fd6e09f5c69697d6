import { z } from "zod";

/** Booking settings from the environment, validated at start (import). */
const Schema = z.object({
  /** Minutes a booking holds its seats while the guest pays (1–120, default 15). */
  HOLD_MINUTES: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === "" ? "15" : value))
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, "must be a whole number of minutes")
        .transform(Number)
        .pipe(z.number().min(1, "must be at least 1").max(120, "must be at most 120")),
    ),
});

export type BookingEnv = { holdMinutes: number };

export function parseBookingEnv(source: Record<string, string | undefined>): BookingEnv {
  const result = Schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid booking configuration: ${problems.join("; ")}`);
  }
  return { holdMinutes: result.data.HOLD_MINUTES };
}

export const bookingEnv = parseBookingEnv(process.env);
