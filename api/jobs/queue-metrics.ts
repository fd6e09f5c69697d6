import { observedGauge } from "~contract/metrics.mjs";
import { QUEUES, runningBoss } from "./runner";

/** Jobs waiting in each queue (created or retrying), asked of pg-boss at each scrape of /metrics. */
observedGauge({
  name: "job_queue_depth",
  help: "Jobs waiting to run in each pg-boss queue (none reported while this process's runner is stopped).",
  labelNames: ["queue"],
  read: async () => {
    const boss = runningBoss();
    if (!boss) return undefined;
    const queues = Object.values(QUEUES);
    const sizes = await Promise.all(queues.map((queue) => boss.getQueueSize(queue)));
    return Object.fromEntries(queues.map((queue, i) => [queue, sizes[i]]));
  },
});
