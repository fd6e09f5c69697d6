import { z } from "zod";
import { said } from "../fields";
import type * as out from "../outputs";

/** The test clock (local only): the product's now, and how far it is ahead of the real time. */
export type DevClock = z.infer<typeof out.devClock>;

/** What moving the clock made due, and ran. */
export type DevClockMoved = z.infer<typeof out.devClockMoved>;

export const devClockBody = z
  .object({
    now: z
      .string()
      .datetime({ offset: true, message: said("clock.now") })
      .optional(),
    advanceMinutes: z
      .number({ invalid_type_error: said("clock.minutes") })
      .int(said("clock.wholeMinutes"))
      .min(0, said("clock.backwards"))
      .max(60 * 24 * 366, said("clock.tooFar"))
      .optional(),
  })
  .strict()
  .refine((body) => (body.now === undefined) !== (body.advanceMinutes === undefined), {
    message: said("clock.either"),
  });
export type DevClockBody = z.output<typeof devClockBody>;

/** The job runner as the dev page shows it. */
export type DevJobs = z.infer<typeof out.devJobs>;
