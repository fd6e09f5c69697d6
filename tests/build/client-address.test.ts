/**
 * Per-address limits on the built servers, in both shapes (one process; the web and the API
 * apart): with TRUST_PROXY=0 the connection's address counts, whatever X-Forwarded-For or a
 * forged copy of the edge's own header say; a 429, from the API or on a page without
 * JavaScript, carries Retry-After and says when to try again.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverArgs } from "../../scripts/server-args.mjs";
import { CONNECTION_ADDRESS_HEADER } from "../../runtime/edge-headers.mjs";
import { stretched } from "../support/time-limits";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

function start(role: "web" | "api", env: Record<string, string>): void {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", APP_ENV: "local" };
  delete base.DATABASE_URL;
  delete base.TRUST_PROXY;
  // Two emails per address per window: the third shows whether the address was counted.
  const child = spawn(process.execPath, serverArgs(role), {
    env: { ...base, AUTH_EMAIL_LIMIT_PER_IP: "2", SEED_ON_START: "false", ...env },
    stdio: "ignore",
  });
  children.push(child);
}

async function ready(url: string): Promise<void> {
  for (let attempt = 0; attempt < 360; attempt++) {
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "wayfarer-address-"));
  dirs.push(dir);
  return join(dir, "pglite");
}

afterAll(async () => {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null) return null;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      return exited;
    }),
  );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, stretched(30_000));

/** Headers a client would forge: another address every time, in X-Forwarded-For and in the edge's header. */
function forged(i: number, origin: string): Record<string, string> {
  return { Origin: origin, "X-Forwarded-For": `198.51.100.${i}`, [CONNECTION_ADDRESS_HEADER]: `203.0.113.${i}` };
}

function checkLimits(shape: string, origin: () => string) {
  describe(shape, () => {
    it("counts the connection's address (TRUST_PROXY=0): the third email from it is a 429 that says when", async () => {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i++) {
        last = await fetch(`${origin()}/v1/send-auth-link`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...forged(i, origin()) },
          body: JSON.stringify({ email: `limit-${shape.length}-${i}@example.com` }),
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
      const body = (await last!.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("rate_limited");
      expect(body.error.message).toMatch(/Try again in \d+ (second|minute)s?\./);
    });

    it("the no-JS sign-in page answers the same address 429 with Retry-After and the wait in words", async () => {
      const response = await fetch(`${origin()}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...forged(9, origin()) },
        body: new URLSearchParams({ intent: "link", email: `page-${shape.length}@example.com`, redirectUrl: "/" }),
      });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await response.text()).toMatch(/Too many attempts\. Try again in (a minute|\d+ minutes)\./);
    });
  });
}

let oneOrigin = "";
let webOrigin = "";
beforeAll(async () => {
  const [one, api, web] = await Promise.all([freePort(), freePort(), freePort()]);
  oneOrigin = `http://localhost:${one}`;
  webOrigin = `http://localhost:${web}`;
  start("web", { PORT: String(one), PGLITE_DIR: dataDir() });
  start("api", { API_PORT: String(api), PGLITE_DIR: dataDir(), APP_PUBLIC_URL: webOrigin });
  start("web", {
    PORT: String(web),
    API_BASE_URL: `http://127.0.0.1:${api}`,
    PGLITE_DIR: "/proc/wayfarer-web-has-no-database",
  });
  await Promise.all([ready(`${oneOrigin}/v1/health`), ready(`http://127.0.0.1:${api}/v1/health`)]);
  await ready(`${webOrigin}/v1/health`);
}, stretched(200_000));

checkLimits("one process", () => oneOrigin);
checkLimits("the web and the API apart", () => webOrigin);
