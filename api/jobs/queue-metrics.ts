import type PgBoss from "pg-boss";
import { observedGauge } from "~runtime/metrics.mjs";

/**
 * Jobs waiting in each queue (created or retrying), asked of the running pg-boss at each scrape of
 * /metrics; nothing is reported while this process runs no jobs.
 */
export function watchQueues(queues: readonly string[], running: () => PgBoss | null): void {
  observedGauge({
    name: "job_queue_depth",
    help: "Jobs waiting to run in each pg-boss queue (none reported while this process's runner is stopped).",
    labelNames: ["queue"],
    read: async () => {
      const boss = running();
      if (!boss) return undefined;
      const sizes = await Promise.all(queues.map((queue) => boss.getQueueSize(queue)));
      return Object.fromEntries(queues.map((queue, i) => [queue, sizes[i]]));
    },
  });
}
