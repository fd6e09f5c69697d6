import PgBoss from "pg-boss";
import { stopping } from "~runtime/process-lifecycle.mjs";
import { getOpenedDb, onBeforeCloseDb, type Db } from "../db/client";
import { errorFields, logger } from "../logger";
import { deliverMessage, requeueUndelivered } from "../outbox/delivery";
import { mailTransport } from "../outbox/mailer";
import { smsTransport } from "../outbox/sms";
import { deliverLater, setDeliveryRequester } from "../outbox/service";
import { runDueWork } from "./due-work";
import { purgeOld } from "./purge";
import { watchQueues } from "./queue-metrics";
import { provideJobsCheck } from "../health/readiness";
import { refreshDemand } from "../catalog/demand";
import { announceChanges } from "../changes/feed";
import { materialiseDueServices } from "../schedules/materialise";
import { setWaitlistKick } from "../bookings/seats-freed";
import { runLedgerReconciliation } from "../ledger/reconcile-job";
import { deliverDueWebhooks } from "../webhooks/delivery";
import { setWebhookKick } from "../webhooks/kick";

/**
 * Background work on pg-boss, in the API's own database (PostgreSQL, or the embedded PGlite
 * through pg-boss's `db` option): jobs survive restarts, retry with backoff, run once across
 * every process that shares the database, and can be listed (GET /v1/dev/jobs, /dev/jobs).
 *
 * - `due-work`, every minute (and at once when the test clock moves): whatever the clock made
 *   due — holds to expire, reminders, completions, follow-up emails (./due-work.ts).
 * - `outbox-deliver`, one job per message written with SMTP configured: sends it; failures are
 *   retried with backoff, then the message is parked as `failed`.
 * - `purge`, nightly: old messages, codes and finished jobs.
 * - `catalog-demand`, every 15 minutes: the "recommended" order's figures (../catalog/demand.ts).
 * - `schedules`, daily: every service with weekly rules materialised again up to the horizon
 *   (../schedules/materialise.ts); the due work already adds each new day's departures as the
 *   day moves on, this pass is the safety net.
 * - `ledger-reconcile`, nightly: the money ledger checked against itself, the bookings and the
 *   payment provider (../ledger/reconcile-job.ts); differences set a metric and an alert line.
 * - `webhook-deliver`, every minute and a moment after an event is written: the operators' webhook
 *   attempts now due, each retried on its own schedule (../webhooks/delivery.ts, decision 049).
 */
export const QUEUES = {
  dueWork: "due-work",
  deliver: "outbox-deliver",
  purge: "purge",
  demand: "catalog-demand",
  schedules: "schedules",
  ledgerReconcile: "ledger-reconcile",
  webhooks: "webhook-deliver",
} as const;

/** A message is tried this many times in all. */
export const DELIVERY_ATTEMPTS = 5;

interface RunnerState {
  boss: PgBoss | null;
  starting: Promise<PgBoss | null> | null;
}
const state: RunnerState = ((globalThis as { [key: symbol]: unknown })[Symbol.for("api.jobs.runner")] ??= {
  boss: null,
  starting: null,
}) as RunnerState;

watchQueues(Object.values(QUEUES), () => state.boss);

/** Off under vitest (tests run the work themselves) and with JOBS_ENABLED=false. */
export function jobsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.VITEST && env.JOBS_ENABLED !== "true") return false;
  return !["false", "0"].includes((env.JOBS_ENABLED ?? "").trim().toLowerCase());
}

async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const opened = await getOpenedDb();
  return work(opened.db);
}

// Readiness (/v1/health/ready) asks the runner how it is: off, running, or not started.
provideJobsCheck(() => {
  if (!jobsEnabled()) return { status: "off", reason: "JOBS_ENABLED=false" };
  return state.boss ? { status: "ok" } : { status: "failed", reason: "the job runner has not started" };
});

/**
 * Starts pg-boss and its queues once; throws when it cannot (the database not answering yet, or
 * two processes setting up the same queues at once: PostgreSQL may then end one as a deadlock).
 */
async function startRunner(): Promise<PgBoss> {
  const opened = await getOpenedDb();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => opened.sql.executeSql(text, values) },
    schema: "pgboss",
    // The embedded database is one process's: nothing to share, so poll less.
    ...(opened.driver === "pglite" ? { monitorStateIntervalSeconds: 60 } : {}),
  });
  boss.on("error", (error) => logger.error({ err: errorFields(error) }, "job runner error"));
  try {
    await boss.start();
    await boss.createQueue(QUEUES.dueWork, {
      name: QUEUES.dueWork,
      policy: "stately",
      retryLimit: 2,
      expireInSeconds: 300,
    });
    await boss.createQueue(QUEUES.deliver, {
      name: QUEUES.deliver,
      retryLimit: DELIVERY_ATTEMPTS - 1,
      retryDelay: 20,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    await boss.createQueue(QUEUES.purge, { name: QUEUES.purge, policy: "stately", expireInSeconds: 600 });
    await boss.schedule(QUEUES.dueWork, "* * * * *");
    await boss.createQueue(QUEUES.demand, { name: QUEUES.demand, policy: "stately", expireInSeconds: 300 });
    await boss.schedule(QUEUES.purge, "17 3 * * *");
    await boss.schedule(QUEUES.demand, "*/15 * * * *");
    await boss.createQueue(QUEUES.schedules, { name: QUEUES.schedules, policy: "stately", expireInSeconds: 900 });
    await boss.schedule(QUEUES.schedules, "23 2 * * *");
    await boss.createQueue(QUEUES.ledgerReconcile, {
      name: QUEUES.ledgerReconcile,
      policy: "stately",
      expireInSeconds: 900,
    });
    await boss.schedule(QUEUES.ledgerReconcile, "41 3 * * *");
    // Each delivery keeps its own retry schedule in its row: the queue only says "send what is due".
    await boss.createQueue(QUEUES.webhooks, { name: QUEUES.webhooks, policy: "stately", expireInSeconds: 600 });
    await boss.schedule(QUEUES.webhooks, "* * * * *");
    // Polling is a query each time: on the embedded database it shares one connection with the
    // pages, so the queues are asked no more often than their work needs.
    await boss.work(QUEUES.dueWork, { pollingIntervalSeconds: 5 }, () => runDueWorkNow());
    // Without SMTP or Twilio there is nothing to deliver (messages are kept for the dev mailbox).
    if (mailTransport() || smsTransport())
      await boss.work<{ id: string }>(
        QUEUES.deliver,
        { pollingIntervalSeconds: 1, batchSize: 5, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            const outcome = await withDb((db) =>
              deliverMessage(db, job.data.id, { finalAttempt: job.retryCount >= DELIVERY_ATTEMPTS - 1 }),
            );
            if (outcome === "retry") throw new Error(`delivery of ${job.data.id} failed: retrying`);
          }
        },
      );
    await boss.work(QUEUES.purge, { pollingIntervalSeconds: 60 }, async () => withDb((db) => purgeOld(db)));
    await boss.work(QUEUES.demand, { pollingIntervalSeconds: 60 }, async () => withDb((db) => refreshDemand(db)));
    await boss.work(QUEUES.ledgerReconcile, { pollingIntervalSeconds: 60 }, async () =>
      withDb(async (db) => {
        await runLedgerReconciliation(db);
      }),
    );
    await boss.work(QUEUES.webhooks, { pollingIntervalSeconds: 2 }, async () =>
      withDb(async (db) => {
        await deliverDueWebhooks(db);
      }),
    );
    await boss.work(QUEUES.schedules, { pollingIntervalSeconds: 60 }, async () =>
      withDb(async (db) => {
        const done = await materialiseDueServices(db, { all: true });
        if (done.created + done.removed > 0) announceChanges(["seats", "catalog"]);
      }),
    );
  } catch (error) {
    // A runner half set up must not keep polling: stop it before trying again.
    await boss.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => undefined);
    throw error;
  }
  state.boss = boss;
  setDeliveryRequester(requestDelivery);
  setWaitlistKick(requestDueWorkSoon);
  setWebhookKick(requestWebhooksSoon);
  onBeforeCloseDb(stopJobs);
  logger.info({ driver: opened.driver }, "job runner started");
  return boss;
}

/** Tries to start this many times in all, waiting longer each time (with jitter) in between. */
const START_ATTEMPTS = 6;
const startDelayMs = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 8_000) * (0.5 + Math.random());

/**
 * Starts the runner in this process (idempotent); null when jobs are off, or when it could not
 * start after START_ATTEMPTS tries (readiness then says so).
 */
export function startJobs(): Promise<PgBoss | null> {
  if (!jobsEnabled()) return Promise.resolve(null);
  state.starting ??= (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startRunner();
      } catch (error) {
        if (attempt >= START_ATTEMPTS || stopping()) {
          state.starting = null;
          logger.error({ err: errorFields(error), attempt }, "job runner could not start");
          return null;
        }
        logger.warn({ err: errorFields(error), attempt }, "job runner could not start: trying again");
        await new Promise((resolve) => setTimeout(resolve, startDelayMs(attempt)).unref());
      }
    }
  })();
  return state.starting;
}

export async function stopJobs(): Promise<void> {
  const boss = state.boss;
  state.boss = null;
  state.starting = null;
  setDeliveryRequester(null);
  setWaitlistKick(null);
  setWebhookKick(null);
  if (boss) await boss.stop({ graceful: true, wait: true, timeout: 5_000 }).catch(() => undefined);
}

/** The running pg-boss of this process, if any. */
export function runningBoss(): PgBoss | null {
  return state.boss;
}

/**
 * Asks for a message to be delivered. Never awaited inside a transaction by callers that hold
 * one (the message may not be committed yet: the job then finds nothing, and the due work picks
 * the message up once it is). Without a runner (tests), nothing happens here.
 */
export async function requestDelivery(id: string): Promise<void> {
  const boss = state.boss;
  if (!boss) return;
  await boss.send(QUEUES.deliver, { id }, { startAfter: 1 }).catch((error: unknown) => {
    logger.error({ outboxId: id, err: errorFields(error) }, "could not queue a delivery");
  });
}

/**
 * Asks for a due-work run a few seconds from now (seats were freed: the waitlist's offers should
 * not wait for the minute). The queue is stately: many asks make one run. Never awaited.
 */
export function requestDueWorkSoon(): void {
  const boss = state.boss;
  if (!boss) return;
  // Named in its data, so it reads apart from the minute's scheduled runs (pgboss.job.data).
  void boss.send(QUEUES.dueWork, { reason: "seats-freed" }, { startAfter: 2 }).catch((error: unknown) => {
    logger.error({ err: errorFields(error) }, "could not queue the due work");
  });
}

/**
 * Asks for the webhook attempts now due to be sent a second from now (an event was written: it
 * should not wait for the minute; the writer's transaction commits meanwhile). Never awaited.
 */
export function requestWebhooksSoon(): void {
  const boss = state.boss;
  if (!boss) return;
  void boss.send(QUEUES.webhooks, { reason: "event" }, { startAfter: 1 }).catch((error: unknown) => {
    logger.error({ err: errorFields(error) }, "could not queue the webhook deliveries");
  });
}

/**
 * Runs the due work now, in this process: the runner's job, and the test clock's move (safe beside
 * the runner's own run). Messages left undelivered are asked for again.
 */
export async function runDueWorkNow() {
  return withDb(async (db) => {
    const done = await runDueWork(db);
    const requeued = await requeueUndelivered(db);
    // This process's runner may not have started yet (a first request): deliverLater falls back.
    for (const id of requeued) deliverLater(id);
    return { ...done, requeued: requeued.length };
  });
}
