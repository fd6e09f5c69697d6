/**
 * The shipped deploy/nginx.conf, run by the real nginx (/usr/sbin/nginx: Debian's nginx-light, as
 * .ci/run installs it) with only what must change to run here rewritten: the upstream hosts
 * (web1, web2, api1, api2) become small servers of this test on 127.0.0.1 that count the bytes
 * they receive, the listeners free ports, /tmp (pid, temp files) a directory of the test's own.
 * A photo upload of 9 MiB, and the largest body an upload route of the API takes, reach a web
 * through :80 and an API through :8080 whole; a body past the limit gets nginx's 413 and never
 * reaches a process. Nothing here needs the build.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../contract/endpoint";
import { endpoints } from "../../contract/endpoints";
import { freePort } from "./built-server";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const MiB = 1024 * 1024;
/** The largest body an upload route of the API accepts (its declared maxBodyBytes: a 10 MiB file and the form around it). */
const LARGEST_UPLOAD = Math.max(...Object.values(endpoints as Record<string, Endpoint>).map((e) => e.maxBodyBytes ?? 0));

/** What one upstream process received: the bytes of each request's body, in order. */
interface Upstream {
  name: string;
  port: number;
  received: number[];
  server: Server;
}

const upstreams = new Map<string, Upstream>();
let nginx: ChildProcess | undefined;
let nginxLog = "";
let dir = "";
let publicPort = 0;
let internalPort = 0;

async function startUpstream(name: string): Promise<Upstream> {
  const port = await freePort();
  const received: number[] = [];
  const server = createServer((request, response) => {
    let bytes = 0;
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => {
      received.push(bytes);
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ name, bytes }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { name, port, received, server };
}

/** The shipped text with its hosts, ports and /tmp paths made local; throws when one is not where it was. */
function runnableHere(shipped: string): string {
  let text = shipped.replace(/server ((?:web|api)\d+):\d+/g, (_, name: string) => {
    const upstream = upstreams.get(name);
    if (!upstream) throw new Error(`deploy/nginx.conf names ${name}, which this test does not start`);
    return `server 127.0.0.1:${upstream.port}`;
  });
  const listens = [...text.matchAll(/listen (\d+)( default_server)?;/g)].map((m) => m[1]);
  expect(listens).toEqual(["80", "8080"]);
  text = text
    .replace(/listen 80 default_server;/, `listen 127.0.0.1:${publicPort} default_server;`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${internalPort};`);
  expect(text).toMatch(/^pid \/tmp\//m);
  text = text.replace(/(?<=\s)\/tmp\//g, `${dir}/`);
  // Nothing of the shipped layout is left to resolve, bind or write (comments aside).
  const directives = text.replace(/#.*$/gm, "");
  expect(directives).not.toMatch(/\b(?:web|api)\d+:|\s\/tmp\/nginx|listen (?:80|8080)[ ;]/);
  return text;
}

/** The upstreams, then nginx on the shipped configuration; once /nginx-health answers. */
async function startNginx(): Promise<void> {
  if (!existsSync(NGINX)) throw new Error(`no nginx at ${NGINX} (apt-get install nginx-light, as .ci/run does)`);
  dir = mkdtempSync(join(tmpdir(), "wayfarer-shipped-nginx-"));
  // nginx started as root runs its workers as nobody: they write request bodies under this directory.
  chmodSync(dir, 0o755);
  [publicPort, internalPort] = await Promise.all([freePort(), freePort()]);
  for (const upstream of await Promise.all(["web1", "web2", "api1", "api2"].map(startUpstream))) {
    upstreams.set(upstream.name, upstream);
  }
  const config = join(dir, "nginx.conf");
  writeFileSync(config, runnableHere(readFileSync("deploy/nginx.conf", "utf8")));
  const args = ["-p", dir, "-c", config, "-e", "stderr"];
  const check = spawnSync(NGINX, [...args, "-t", "-q"], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused the shipped configuration: ${check.stderr}`);
  nginx = spawn(NGINX, [...args, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  nginx.stderr?.setEncoding("utf8");
  nginx.stderr?.on("data", (chunk: string) => (nginxLog += chunk));
  for (let attempt = 0; attempt < 100; attempt++) {
    const up = await fetch(`http://127.0.0.1:${publicPort}/nginx-health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (nginx.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start: ${nginxLog}`);
}

async function stopAll(): Promise<void> {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx?.once("exit", resolve));
    nginx.kill("SIGTERM");
    await exited;
  }
  await Promise.all([...upstreams.values()].map(({ server }) => new Promise((resolve) => server.close(resolve))));
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Every body the upstreams have received so far, whichever process took it. */
function allReceived(): number[] {
  return [...upstreams.values()].flatMap((upstream) => upstream.received);
}

async function post(port: number, bytes: number): Promise<{ status: number; text: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/v1/operator/experiences/e1/photos`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=wayfarer" },
    body: new Uint8Array(bytes).fill(0x61),
  });
  return { status: response.status, text: await response.text() };
}

// Skipped on a machine without nginx, never in CI (.ci/run installs it).
describe.skipIf(!existsSync(NGINX) && !process.env.CI)("the shipped deploy/nginx.conf", () => {
  beforeAll(startNginx, 30_000);
  afterAll(stopAll, 20_000);

  it("is tried with the bodies that matter: the API's largest upload lies between 10 and 12 MiB", () => {
    expect(LARGEST_UPLOAD).toBeGreaterThan(10 * MiB);
    expect(LARGEST_UPLOAD).toBeLessThan(12 * MiB);
  });

  for (const [listener, role, target] of [
    ["public (:80)", "web", "a web"],
    ["internal (:8080)", "api", "an API"],
  ] as const) {
    it(`passes a 9 MiB upload and the largest the API takes whole to ${target} through the ${listener} listener`, async () => {
      const port = listener.startsWith("public") ? publicPort : internalPort;
      for (const bytes of [9 * MiB, LARGEST_UPLOAD]) {
        const { status, text } = await post(port, bytes);
        expect(status, text).toBe(200);
        const answer = JSON.parse(text) as { name: string; bytes: number };
        expect(answer.name).toMatch(new RegExp(`^${role}\\d+$`));
        expect(answer.bytes).toBe(bytes);
        expect(upstreams.get(answer.name)?.received.at(-1)).toBe(bytes);
      }
    }, 60_000);

    it(`answers a 12 MiB body with its own 413 on the ${listener} listener, and no process sees it`, async () => {
      const port = listener.startsWith("public") ? publicPort : internalPort;
      const before = allReceived().length;
      const { status, text } = await post(port, 12 * MiB);
      expect(status).toBe(413);
      expect(text).toContain("413 Request Entity Too Large");
      expect(allReceived().length).toBe(before);
    }, 60_000);
  }
});
