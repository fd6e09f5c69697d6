import { z } from "zod";

/** The test clock (local only): the product's now, and how far it is ahead of the real time. */
export interface DevClock {
  now: string;
  offsetMinutes: number;
}

/** What moving the clock made due, and ran. */
export interface DevClockMoved extends DevClock {
  ran: {
    expired: number;
    refunds: number;
    lapsed: number;
    reminders: number;
    completed: number;
    tipRequests: number;
    referralRewards: number;
    requeued: number;
  };
}

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
export interface DevJobs {
  running: boolean;
  clock: DevClock;
  queues: Array<{ name: string; created: number; retry: number; active: number; completed: number; failed: number }>;
  recent: Array<{
    id: string;
    name: string;
    state: string;
    retryCount: number;
    createdOn: string;
    completedOn: string | null;
    output: string | null;
  }>;
}
