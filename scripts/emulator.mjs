// The Firebase Auth emulator for local runs and tests: reused when one already answers,
// otherwise started (about 10 s) and stopped again by the caller.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const DEFAULT_EMULATOR_HOST = "127.0.0.1:9099";
export const DEFAULT_PROJECT_ID = "demo-wayfarer";

/** The emulator's two settings for a process a script or a test run starts: the caller's, else the defaults. */
export function emulatorEnv(env = process.env) {
  return {
    FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST,
    FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID ?? DEFAULT_PROJECT_ID,
  };
}

async function answers(host) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** Make sure an emulator answers on `host`; returns a function that stops it if we started it. */
export async function ensureAuthEmulator({
  host = DEFAULT_EMULATOR_HOST,
  projectId = DEFAULT_PROJECT_ID,
  verbose = false,
} = {}) {
  if (await answers(host)) return { started: false, stop: async () => {} };
  const child = spawn(
    join("node_modules", ".bin", "firebase"),
    ["emulators:start", "--only", "auth", "--project", projectId, "--config", "firebase.json"],
    {
      env: { ...process.env, NODE_ENV: "development" },
      stdio: ["ignore", verbose ? "inherit" : "ignore", "inherit"],
      detached: true,
    },
  );
  let exited = false;
  child.on("exit", () => (exited = true));
  const deadline = Date.now() + 90_000;
  while (!(await answers(host))) {
    if (exited) throw new Error("The Firebase Auth emulator exited during start-up.");
    if (Date.now() > deadline) throw new Error("The Firebase Auth emulator did not start within 90 s.");
    await sleep(250);
  }
  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const until = Date.now() + 10_000;
    while (!exited && Date.now() < until) await sleep(100);
    if (!exited) process.kill(-child.pid, "SIGKILL");
  };
  return { started: true, stop, child };
}
