import { eq, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { appClock } from "./db/schema";
import { identityEnv } from "./env";

/**
 * The product's one clock, like Stripe's test clocks: the real time plus an offset that only the
 * local dev tools move (POST /v1/dev/clock). SQL reads the same offset through app_now(); code
 * reads it here. Holds, codes, reminders, completion and every scheduled job follow it; the
 * identity provider's token times and the rate limiters keep real time. In production the offset
 * is never read and stays 0.
 */
let offsetMs = 0;
let readAt = 0;
/** Another process may move the clock: a local process reads the offset again this often. */
const REREAD_MS = 1_000;

export function clockNow(): Date {
  return new Date(Date.now() + offsetMs);
}

export function clockOffsetMs(): number {
  return offsetMs;
}

/** Reads the shared offset (locally, at most once a second unless `force`). */
export async function syncClock(db: Db, force = false): Promise<void> {
  if (identityEnv.production) return;
  if (!force && Date.now() - readAt < REREAD_MS) return;
  const [row] = await db.select({ offsetMs: appClock.offsetMs }).from(appClock).where(eq(appClock.id, 1));
  offsetMs = row?.offsetMs ?? 0;
  readAt = Date.now();
}

/** Forgets this process's offset (after the database's clock row was removed, e.g. by the seed). */
export function forgetClock(): void {
  offsetMs = 0;
  readAt = 0;
}

/** Moves the test clock to `target` (never backwards: what was due stays done). */
export async function setClock(db: Db, target: Date): Promise<Date> {
  if (identityEnv.production) throw new Error("the test clock only moves locally");
  await syncClock(db, true);
  const next = Math.max(target.getTime() - Date.now(), offsetMs);
  await db
    .insert(appClock)
    .values({ id: 1, offsetMs: next })
    .onConflictDoUpdate({ target: appClock.id, set: { offsetMs: next, updatedAt: sql`now()` } });
  offsetMs = next;
  readAt = Date.now();
  return clockNow();
}
