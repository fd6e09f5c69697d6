import { createMiddleware } from "hono/factory";
import { publicDataChanged } from "../../server/public-data-version.mjs";
import { getDb } from "../db/client";
import type { AppEnv } from "../http/types";
import { settleDueRefunds } from "../bookings/refunds";
import { expireHolds } from "./hold-expiry";
import { errorFields, logger } from "../logger";

/** How often each server process sweeps expired holds. */
export const HOLD_SWEEP_INTERVAL_MS = 30_000;

/**
 * Background work of a server process every 30 s: expired holds, then refunds still owed. Several processes may
 * sweep the same database; `expireHolds` makes that safe. Kept on globalThis so that a dev
 * server re-importing a rebuilt bundle does not start a second timer.
 */
interface JobsState {
  timer: ReturnType<typeof setInterval> | null;
  running: boolean;
}
const state: JobsState = ((globalThis as { [key: symbol]: unknown })[Symbol.for("api.jobs.state")] ??= {
  timer: null,
  running: false,
}) as JobsState;

/** Off under vitest (tests sweep explicitly) and with JOBS_ENABLED=false. */
export function jobsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.VITEST) return false;
  return !["false", "0"].includes((env.JOBS_ENABLED ?? "").trim().toLowerCase());
}

async function sweep(): Promise<void> {
  if (state.running) return;
  state.running = true;
  try {
    const db = await getDb();
    const result = await expireHolds(db);
    if (result.expired > 0) {
      publicDataChanged();
      logger.info({ bookings: result.expired, seats: result.seatsFreed }, "holds expired");
    }
    const refunded = await settleDueRefunds(db);
    if (refunded > 0) logger.info({ bookings: refunded }, "owed refunds made");
  } catch (error) {
    logger.error({ err: errorFields(error) }, "hold sweep failed");
  } finally {
    state.running = false;
  }
}

/** Starts the timer (unref'd: it never keeps the process alive). Idempotent. */
export function startBackgroundJobs(): void {
  if (state.timer) return;
  state.timer = setInterval(() => void sweep(), HOLD_SWEEP_INTERVAL_MS);
  state.timer.unref();
}

export function stopBackgroundJobs(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

/** Starts the background jobs with the first request the process serves (the first use of the database). */
export const backgroundJobs = createMiddleware<AppEnv>(async (_c, next) => {
  if (!state.timer && jobsEnabled()) startBackgroundJobs();
  await next();
});
