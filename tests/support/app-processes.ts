import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { v1Path } from "./client";
import { stretched } from "./time-limits";

/**
 * App processes for the multi-process tests: each a child serving the Hono app over HTTP
 * (tests/support/booking-server.ts), with this process's environment plus `env`.
 */
export interface AppProcess {
  child: ChildProcess;
  url: string;
}

export function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/booking-server.ts"], {
    env: { ...process.env, SEED_ON_START: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`app process did not start: ${output}`)), stretched(60_000));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`app process exited (${code}): ${output}`));
    });
  });
}

export function stopAppProcesses(processes: AppProcess[]): Promise<unknown> {
  return Promise.all(
    processes.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(null);
          child.once("exit", resolve);
          child.kill("SIGTERM");
        }),
    ),
  );
}

/**
 * Two app processes for the describe block it is called in (each with `env`, as startAppProcess):
 * started before its tests, stopped after. Answers a getter (the processes exist only once
 * beforeAll has run).
 */
export function withTwoAppProcesses(env: Record<string, string> = {}): () => AppProcess[] {
  let processes: AppProcess[] = [];
  beforeAll(async () => {
    processes = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, stretched(120_000));
  afterAll(async () => {
    await stopAppProcesses(processes);
  });
  return () => processes;
}

/**
 * Every process answers, and token verification is warm on each before a race: a signed-in read of
 * `token`'s bookings, 200 on each.
 */
export async function expectWarm(processes: AppProcess[], token: string) {
  for (const { url } of processes) {
    expect((await fetch(`${url}${v1Path("health")}`)).status).toBe(200);
    const warm = await fetch(`${url}${v1Path("bookings")}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(warm.status).toBe(200);
  }
}

/** POST /v1/bookings on an app process, as `token`'s holder, with a fresh Idempotency-Key: its status and body. */
export async function createBookingOn(process: AppProcess, token: string, body: unknown) {
  const response = await fetch(`${process.url}${v1Path("createBooking")}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Idempotency-Key": randomUUID() },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}
