import type { z } from "zod";
import type { healthCheck, readinessChecks } from "~contract/outputs";
import { stopping } from "~runtime/process-lifecycle.mjs";
import { getOpenedDb, pingDb } from "../db/client";
import { pendingMigrations } from "../db/migration-status";
import { identityEnv } from "../env";
import { redisClient } from "../rate-limit/service";

type Check = z.infer<typeof healthCheck>;
type Checks = z.infer<typeof readinessChecks>;
export interface Readiness {
  ready: boolean;
  checks: Checks;
}

/** How long each check may take: a stopped database shows within this plus REUSE_MS. */
export const CHECK_TIMEOUT_MS = 1_000;
/** Several balancers probing every few seconds share one round of checks this long. */
const REUSE_MS = 500;

const ok: Check = { status: "ok" };
const off = (reason: string): Check => ({ status: "off", reason });

class CheckFailed extends Error {}

/** `work` within CHECK_TIMEOUT_MS; a reason for the answer otherwise (never a message that may hold a secret). */
async function within(work: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed(`did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([work(), late]);
    return ok;
  } catch (error) {
    return { status: "failed", reason: reasonOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof CheckFailed) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? `not answering (${code})` : "not answering";
}

/** Once every migration was found applied it stays so (migrations are never taken back). */
let migrationsCurrent = false;

async function migrations(): Promise<Check> {
  if (migrationsCurrent) return ok;
  let pending: string[] = [];
  const check = await within(async () => (pending = await pendingMigrations(await getOpenedDb())));
  if (check.status !== "ok") return check;
  if (pending.length > 0) return { status: "failed", reason: `${pending.length} pending: ${pending.join(", ")}` };
  migrationsCurrent = true;
  return ok;
}

function auth(): Promise<Check> {
  const host = identityEnv.emulatorHost;
  // Google's Identity Platform is assumed reachable: a probe must not call the internet.
  if (!host) return Promise.resolve(off("Google's Identity Platform is not called"));
  return within(async () => {
    const answer = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await answer.body?.cancel();
  });
}

/** How the job runner is. */
export type JobsCheck = () => Check;
let jobs: JobsCheck = () => ({ status: "failed", reason: "the job runner has not started" });

/**
 * The job runner tells how it is (api/jobs/runner.ts, as it loads): this room does not import
 * jobs/, which sits above every room.
 */
export function provideJobsCheck(check: JobsCheck): void {
  jobs = check;
}

async function runChecks(): Promise<Readiness> {
  const redis = redisClient();
  const [database, redisCheck, authCheck, migrationsCheck] = await Promise.all([
    within(async () => pingDb((await getOpenedDb()).db)),
    redis ? within(() => redis.ping()) : Promise.resolve(off("REDIS_URL is not set")),
    auth(),
    migrations(),
  ]);
  const checks: Checks = {
    shutdown: ok,
    database,
    redis: redisCheck,
    auth: authCheck,
    migrations: migrationsCheck,
    jobs: jobs(),
  };
  return { ready: Object.values(checks).every((check) => check.status !== "failed"), checks };
}

interface Round {
  /** When its checks were done; null while they run. */
  finished: number | null;
  result: Promise<Readiness>;
}
let round: Round | null = null;

/**
 * Whether this process should take traffic, each check named. Not ready at once when the
 * process has begun to stop; otherwise the checks run side by side, each for at most
 * CHECK_TIMEOUT_MS, and a round is shared by the callers that come while it runs and REUSE_MS after.
 */
export function checkReadiness(): Promise<Readiness> {
  if (stopping()) {
    const unchecked = off("not checked: the process is shutting down");
    return Promise.resolve({
      ready: false,
      checks: {
        shutdown: { status: "failed", reason: "the process is shutting down" },
        database: unchecked,
        redis: unchecked,
        auth: unchecked,
        migrations: unchecked,
        jobs: unchecked,
      },
    });
  }
  if (!round || (round.finished !== null && Date.now() - round.finished > REUSE_MS)) {
    const next: Round = { finished: null, result: runChecks() };
    void next.result.finally(() => (next.finished = Date.now()));
    round = next;
  }
  return round.result;
}
