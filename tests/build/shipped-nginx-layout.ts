/**
 * The shipped deploy/nginx.conf, run by the real nginx (/usr/sbin/nginx: Debian's nginx-light, as
 * .ci/run installs it) with only what must change to run here rewritten: the upstream hosts
 * (web1, web2, api1, api2) become small servers on 127.0.0.1 that count the bytes they receive and
 * echo what nginx told them, the listeners free ports, /tmp (pid, temp files) a directory of its
 * own. With `tls`, deploy/tls/wildcard.conf.example is put where nginx includes it, its certificate
 * paths pointing at the given files and its 443 at a free port.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { freePort } from "./built-server";

export const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
/** Where deploy/nginx.conf includes the TLS settings from (compose.yaml mounts deploy/tls there). */
const TLS_INCLUDE = "/etc/nginx/tls.d/*.conf";

/** What one upstream process received: the bytes of each request's body, in order. */
export interface Upstream {
  name: string;
  port: number;
  received: number[];
  server: Server;
}

/** What an upstream answers: who it is, the body's size, and the headers nginx set. */
export interface UpstreamAnswer {
  name: string;
  bytes: number;
  host: string;
  proto: string;
}

export interface ShippedNginx {
  publicPort: number;
  internalPort: number;
  /** The TLS listener's port (0 without `tls`). */
  tlsPort: number;
  upstreams: Map<string, Upstream>;
  /** Every body the upstreams have received so far, whichever process took it. */
  allReceived(): number[];
  stop(): Promise<void>;
}

async function startUpstream(name: string): Promise<Upstream> {
  const port = await freePort();
  const received: number[] = [];
  const server = createServer((request, response) => {
    let bytes = 0;
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => {
      received.push(bytes);
      const answer: UpstreamAnswer = {
        name,
        bytes,
        host: request.headers.host ?? "",
        proto: String(request.headers["x-forwarded-proto"] ?? ""),
      };
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { name, port, received, server };
}

/** The shipped text with its hosts, ports and paths made local; throws when one is not where it was. */
function runnableHere(shipped: string, layout: { dir: string; upstreams: Map<string, Upstream>; ports: number[] }) {
  const [publicPort, internalPort] = layout.ports;
  let text = shipped.replace(/server ((?:web|api)\d+):\d+/g, (_, name: string) => {
    const upstream = layout.upstreams.get(name);
    if (!upstream) throw new Error(`deploy/nginx.conf names ${name}, which this test does not start`);
    return `server 127.0.0.1:${upstream.port}`;
  });
  const listens = [...text.matchAll(/listen (\d+)( default_server)?;/g)].map((m) => m[1]);
  expect(listens).toEqual(["80", "8080"]);
  expect(text).toContain(`include ${TLS_INCLUDE};`);
  text = text
    .replace(/listen 80 default_server;/, `listen 127.0.0.1:${publicPort} default_server;`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${internalPort};`);
  expect(text).toMatch(/^pid \/tmp\//m);
  // The /tmp paths first: the test's own directory is under /tmp too.
  text = text
    .replace(/(?<=\s)\/tmp\//g, `${layout.dir}/`)
    .replace(`include ${TLS_INCLUDE};`, `include ${layout.dir}/tls.d/*.conf;`);
  // Nothing of the shipped layout is left to resolve, bind or write (comments aside).
  const directives = text.replace(/#.*$/gm, "");
  expect(directives).not.toMatch(/\b(?:web|api)\d+:|\s\/tmp\/nginx|listen (?:80|8080)[ ;]|\/etc\/nginx/);
  return text;
}

/** The shipped TLS settings with the given certificate and a local port. */
function tlsHere(shipped: string, tls: { cert: string; key: string }, port: number): string {
  expect(shipped).toMatch(/^listen 443 ssl http2;$/m);
  const text = shipped
    .replace(/^listen 443 ssl http2;$/m, `listen 127.0.0.1:${port} ssl http2;`)
    .replace(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/, tls.cert)
    .replace(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/, tls.key);
  expect(text.replace(/#.*$/gm, "")).not.toContain("/etc/letsencrypt");
  return text;
}

/** The upstreams, then nginx on the shipped configuration (and TLS settings); once /nginx-health answers. */
export async function startShippedNginx(options: { tls?: { cert: string; key: string } } = {}): Promise<ShippedNginx> {
  if (!existsSync(NGINX)) throw new Error(`no nginx at ${NGINX} (apt-get install nginx-light, as .ci/run does)`);
  const dir = mkdtempSync(join(tmpdir(), "wayfarer-shipped-nginx-"));
  // nginx started as root runs its workers as nobody: they write request bodies under this directory.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, "tls.d"));
  const [publicPort, internalPort, tlsPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const upstreams = new Map<string, Upstream>();
  for (const upstream of await Promise.all(["web1", "web2", "api1", "api2"].map(startUpstream))) {
    upstreams.set(upstream.name, upstream);
  }
  const config = join(dir, "nginx.conf");
  const shipped = readFileSync("deploy/nginx.conf", "utf8");
  writeFileSync(config, runnableHere(shipped, { dir, upstreams, ports: [publicPort, internalPort] }));
  if (options.tls) {
    const example = readFileSync("deploy/tls/wildcard.conf.example", "utf8");
    writeFileSync(join(dir, "tls.d", "wildcard.conf"), tlsHere(example, options.tls, tlsPort));
  }
  const args = ["-p", dir, "-c", config, "-e", "stderr"];
  const check = spawnSync(NGINX, [...args, "-t", "-q"], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused the shipped configuration: ${check.stderr}`);
  const nginx: ChildProcess = spawn(NGINX, [...args, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  nginx.stderr?.setEncoding("utf8");
  nginx.stderr?.on("data", (chunk: string) => (log += chunk));
  const stop = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    await Promise.all([...upstreams.values()].map(({ server }) => new Promise((resolve) => server.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    // With TLS, plain HTTP is sent on to HTTPS: any answer of nginx's own says it is up.
    const up = await fetch(`http://127.0.0.1:${publicPort}/nginx-health`, { redirect: "manual" }).then(
      (response) => response.status === 200 || response.status === 308,
      () => false,
    );
    if (up) {
      return {
        publicPort,
        internalPort,
        tlsPort: options.tls ? tlsPort : 0,
        upstreams,
        allReceived: () => [...upstreams.values()].flatMap((upstream) => upstream.received),
        stop,
      };
    }
    if (nginx.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not start: ${log}`);
}
