import { randomUUID } from "node:crypto";
import { parseChangedTopics, type ChangeTopic } from "~contract/system/changes";
import type { ApiEnv } from "../env";
import { errorFields, logger } from "../logger";
import { postgresTransport } from "./postgres-bus";
import { redisTransport } from "./redis-bus";

/**
 * How an announcement (./feed.ts) reaches the API's other processes: Redis pub/sub when
 * REDIS_URL is set (./redis-bus.ts), else PostgreSQL's LISTEN/NOTIFY on a real DATABASE_URL
 * (./postgres-bus.ts), else nothing (the embedded PGlite: one process, nobody else to tell).
 *
 * - Every message names the process that sent it; a process ignores its own echo (its followers
 *   heard it already).
 * - A transport reconnects by itself. Each time it starts hearing again, what was said meanwhile
 *   may have been missed: `missed` is called, and the followers drop everything they keep.
 * - Publishing never throws into a request and is not waited for: a failure is logged, and the
 *   other processes' caches then only expire with time.
 */
export interface ChangeBus {
  /** Tells every other process; returns at once. */
  publish(topics: readonly ChangeTopic[]): void;
  /** Starts hearing the other processes (idempotent); resolves once it does (at once without a bus). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export interface Hearing {
  changed(topics: ChangeTopic[]): void;
  missed(): void;
}

const THIS_PROCESS = randomUUID();

export function openChangeBus(
  hear: Hearing,
  env: Pick<ApiEnv, "REDIS_URL" | "DATABASE_URL"> & Partial<Pick<ApiEnv, "REDIS_KEY_PREFIX">>,
  /** Tests open two buses in one process as if they were two. */
  processId: string = THIS_PROCESS,
): ChangeBus {
  const transport = env.REDIS_URL
    ? redisTransport(env.REDIS_URL, env.REDIS_KEY_PREFIX ?? "wf:")
    : env.DATABASE_URL
      ? postgresTransport(env.DATABASE_URL)
      : null;
  if (!transport) return { publish: () => undefined, listen: () => Promise.resolve(), close: () => Promise.resolve() };
  let listening: Promise<void> | null = null;
  let failing = false;
  return {
    publish(topics) {
      transport.publish(JSON.stringify({ from: processId, topics })).then(
        () => (failing = false),
        (error: unknown) => {
          if (!failing) logger.warn({ err: errorFields(error), topics }, "could not tell the other processes a change");
          failing = true;
        },
      );
    },
    listen() {
      listening ??= new Promise((resolve) =>
        transport.listen(
          (message) => {
            const topics = topicsFrom(message, processId);
            if (topics.length > 0) hear.changed(topics);
          },
          () => {
            hear.missed();
            resolve();
          },
        ),
      );
      return listening;
    },
    close: () => transport.close(),
  };
}

/** The topics of another process's message; none for this process's own or anything unreadable. */
function topicsFrom(message: string, processId: string): ChangeTopic[] {
  try {
    const { from, topics } = JSON.parse(message) as { from?: unknown; topics?: unknown };
    if (from === processId || !Array.isArray(topics)) return [];
    return parseChangedTopics(topics.join(","));
  } catch {
    return [];
  }
}
