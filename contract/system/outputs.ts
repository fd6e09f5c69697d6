import { z } from "zod";
import { count, isoTime } from "../output-parts";
import { OUTBOX_CHANNELS, OUTBOX_STATUSES } from "../statuses";

export const nothing = z.undefined();

export const health = z.object({ status: z.string(), database: z.string() });

/** GET /v1/health/live: the process runs. */
export const healthLive = z.object({ status: z.literal("live") });

/** One readiness check: `off` when this process does not use it (no Redis, jobs turned off). */
export const healthCheck = z.object({
  status: z.enum(["ok", "failed", "off"]),
  /** Why it failed, or why it is not checked; no secrets. */
  reason: z.string().optional(),
});

/**
 * GET /v1/health/ready: each check of the process (a 503 `service_unavailable` names the failed
 * ones and their reasons in its message, and each in `fields`).
 */
export const readinessChecks = z.object({
  /** Failed once the process has begun to stop (SIGTERM). */
  shutdown: healthCheck,
  /** `select 1` within a second. */
  database: healthCheck,
  /** PING within a second; off without REDIS_URL. */
  redis: healthCheck,
  /** The Auth emulator answers HTTP; off in production (Google's service is not called). */
  auth: healthCheck,
  /** Every migration this code knows is applied. */
  migrations: healthCheck,
  /** The job runner has started; off with JOBS_ENABLED=false (and under tests). */
  jobs: healthCheck,
});

export const healthReady = z.object({ status: z.literal("ready"), checks: readinessChecks });

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  /** The From display name, when not SMTP_FROM's. */
  senderName: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), contentType: z.string(), content: z.string() })),
  status: z.enum(OUTBOX_STATUSES),
  attempts: count,
  lastError: z.string().nullable(),
  kind: z.string(),
  meta: z.record(z.unknown()),
  createdAt: isoTime,
  sentAt: isoTime.nullable(),
});

export const devClock = z.object({ now: z.string(), offsetMinutes: z.number() });

export const devClockMoved = z.object({
  now: z.string(),
  offsetMinutes: z.number(),
  ran: z.object({
    expired: z.number(),
    refunds: z.number(),
    lapsed: z.number(),
    reminders: z.number(),
    completed: z.number(),
    tipRequests: z.number(),
    referralRewards: z.number(),
    /** Departures added by weekly rules as the days moved on. */
    departures: z.number(),
    /** Reminders of bookings left unfinished at the confirm page (api/reminders/checkout-visits.ts). */
    checkoutReminders: z.number(),
    /** Waitlist offers made, expired, and waiting entries closed (api/waitlist/service.ts). */
    waitlistOffers: z.number(),
    waitlistExpired: z.number(),
    giftCards: z.number(),
    /** Bookings whose money became their operator's to pay out, and payouts made (api/payouts/). */
    released: z.number(),
    payouts: z.number(),
    /** Deposit bookings' balances charged, declined (payment link sent), and cancelled unpaid at their cut-off. */
    balancesCharged: z.number(),
    balancesDeclined: z.number(),
    balancesCancelled: z.number(),
    requeued: z.number(),
  }),
});

const jobCounts = z.object({
  name: z.string(),
  created: z.number(),
  retry: z.number(),
  active: z.number(),
  completed: z.number(),
  failed: z.number(),
});

export const devJobs = z.object({
  running: z.boolean(),
  clock: devClock,
  queues: z.array(jobCounts),
  recent: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      state: z.string(),
      retryCount: z.number(),
      createdOn: z.string(),
      completedOn: z.string().nullable(),
      output: z.string().nullable(),
    }),
  ),
});
