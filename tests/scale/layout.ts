/**
 * The layout `npm run scale:local` runs (scripts/scale-local.mjs), as its .data-scale/layout.json
 * describes it while it runs: the public address (nginx), the database, and each process.
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

export interface LayoutProcess {
  name: string;
  pid: number;
  port: number;
  url: string;
}

export interface Layout {
  url: string;
  databaseUrl: string;
  logs: string;
  processes: LayoutProcess[];
}

export function layout(): Layout {
  return JSON.parse(readFileSync(".data-scale/layout.json", "utf8")) as Layout;
}

/** One process of the layout by name (web-1, web-2, api-1, api-2, nginx, redis), as it runs now. */
export function processNamed(name: string): LayoutProcess {
  const found = layout().processes.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no process ${name} in the layout`);
  return found;
}

/** The webs and the APIs, each reached on its own port. */
export const webs = () => ["web-1", "web-2"].map(processNamed);
export const apis = () => ["api-1", "api-2"].map(processNamed);

let pool: pg.Pool | undefined;
/** The layout's database, for what only SQL can set up or see. */
export function database(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: layout().databaseUrl, max: 2 });
  return pool;
}

export async function closeDatabase(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

/** Polls `read` every `everyMs` until `done` holds of its answer, or `ms` pass: the last answer. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, everyMs = 500) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(everyMs);
    value = await read();
  }
  return value;
}

/** A figure for the closing note: one JSON line on the test's output. */
export function figure(name: string, values: Record<string, unknown>): void {
  console.log(JSON.stringify({ scale: name, ...values }));
}
