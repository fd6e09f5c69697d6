import type pg from "pg";
import { observedGauge } from "~runtime/metrics.mjs";

/** The PostgreSQL pool of this process, read at each scrape of /metrics (none on PGlite). */
let watched: pg.Pool | null = null;

export function watchPool(pool: pg.Pool): void {
  watched = pool;
}

observedGauge({
  name: "db_pool_connections",
  help: "The PostgreSQL pool's connections: total open, idle, and callers waiting for one.",
  labelNames: ["state"],
  read: () =>
    watched ? { total: watched.totalCount, idle: watched.idleCount, waiting: watched.waitingCount } : undefined,
});
