import { z } from "zod";
import type * as out from "./outputs";

/** The test clock (local only): the product's now, and how far it is ahead of the real time. */
export type DevClock = z.infer<typeof out.devClock>;

/** What moving the clock made due, and ran. */
export type DevClockMoved = z.infer<typeof out.devClockMoved>;

export const devClockBody = z
  .object({
    now: z.string().datetime({ offset: true, message: "An ISO date and time, e.g. 2026-12-01T09:00:00Z." }).optional(),
    advanceMinutes: z
      .number({ invalid_type_error: "A number of minutes." })
      .int("Whole minutes.")
      .min(0, "The clock only moves forward.")
      .max(60 * 24 * 366, "At most a year at a time.")
      .optional(),
  })
  .strict()
  .refine((body) => (body.now === undefined) !== (body.advanceMinutes === undefined), {
    message: "Give either now or advanceMinutes.",
  });
export type DevClockBody = z.output<typeof devClockBody>;

/** The job runner as the dev page shows it. */
export type DevJobs = z.infer<typeof out.devJobs>;
