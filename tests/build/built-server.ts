/**
 * The built app served the way `npm start` serves it (server/index.mjs),
 * on a fresh embedded database, for the tests of tests/build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverArgs } from "../../scripts/server-args.mjs";
import { stretched } from "../support/time-limits";

/** A port nothing listens on now (the system's pick), so a server of an earlier run cannot answer. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface BuiltServer {
  port: number;
  origin: string;
  stop: () => Promise<void>;
  /** The server's process (to signal it and watch it exit). */
  child: ChildProcess;
}

/**
 * Starts a built server and waits until `readyPath` (the health check by default) answers 200.
 * `entry` is the web (build/index.js, the default) or the API alone
 * (`server/index.mjs --api`: build/api/server.js, on API_PORT).
 */
export async function startBuiltServer({
  env = {},
  entry = "web",
  readyPath = "/v1/health",
  stdout,
}: {
  env?: Record<string, string>;
  entry?: "web" | "api";
  readyPath?: string;
  /** Collects what the server writes to its standard output, a line at a time (ignored without). */
  stdout?: string[];
} = {}): Promise<BuiltServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "wayfarer-built-"));
  const server: ChildProcess = spawn(process.execPath, serverArgs(entry), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "local",
      PORT: String(port),
      API_PORT: String(port),
      PGLITE_DIR: join(dataDir, "pglite"),
      ...env,
    },
    stdio: ["ignore", stdout ? "pipe" : "ignore", "ignore"],
  });
  if (stdout && server.stdout) {
    let rest = "";
    server.stdout.setEncoding("utf8");
    server.stdout.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      stdout.push(...parts);
    });
  }
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < stretched(120); attempt++) {
    const ready = await fetch(origin + readyPath).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { port, origin, stop, child: server };
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the built ${entry} server did not start`);
}
