/**
 * `npm run scale:local` (scripts/scale-local.mjs) without starting anything: its command line, and
 * the nginx configuration it writes (checked by nginx itself when it is installed). What the layout
 * does once running is the scale suite's (tests/scale, playwright.scale.config.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nginxConfig } from "../../scripts/scale-nginx.mjs";

const NGINX = "/usr/sbin/nginx";
const ports = { nginx: 3500, apiBalancer: 3501, webs: [3511, 3512], apis: [3521, 3522] };

function run(args: string[]) {
  return spawnSync(process.execPath, ["scripts/scale-local.mjs", ...args], {
    encoding: "utf8",
    // Nothing to reach: were anything opened or started, it would fail instead.
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
    timeout: 20_000,
  });
}

describe("npm run scale:local's command line", () => {
  it("--help and -h print the usage and exit 0, starting nothing", () => {
    for (const flag of ["--help", "-h"]) {
      const help = run([flag]);
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/^Usage: npm run scale:local/);
      expect(help.stdout).toMatch(/-h, --help/);
      expect(help.stdout).not.toContain("[scale]");
    }
  });

  it("an unknown flag or a bad port exits 2 and says why", () => {
    const unknown = run(["--no-such-flag"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--no-such-flag'[\s\S]*Usage: /);
    const port = run(["--port", "80"]);
    expect(port.status).toBe(2);
    expect(port.stderr).toContain("--port must be a whole number from 1024 to 65000");
  });
});

describe("the nginx configuration", () => {
  const { text } = nginxConfig({ prefix: "/p", ports, logDir: "/l", user: null });

  it("balances the webs and the APIs, retrying an idempotent request once elsewhere, never a POST", () => {
    expect(text).toMatch(/upstream webs \{\s+server 127\.0\.0\.1:3511 [^;]*;\s+server 127\.0\.0\.1:3512 /);
    expect(text).toMatch(/upstream apis \{\s+server 127\.0\.0\.1:3521 [^;]*;\s+server 127\.0\.0\.1:3522 /);
    expect(text).toContain("proxy_next_upstream error timeout http_502 http_503 http_504;");
    expect(text).not.toContain("non_idempotent");
  });

  it("the public server appends the client to X-Forwarded-For; the balancer passes it on as it came", () => {
    const [publicServer, balancer] = text.split(/\n {2}server \{/).slice(1);
    expect(publicServer).toContain("listen 127.0.0.1:3500;");
    expect(publicServer).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(balancer).toContain("listen 127.0.0.1:3501;");
    expect(balancer).toContain("proxy_set_header X-Forwarded-For $http_x_forwarded_for;");
    expect(balancer).toContain("proxy_buffering off;");
    // The change feed streams through the public server unbuffered.
    expect(publicServer).toMatch(/location = \/v1\/changes \{[^}]*proxy_buffering off;/);
  });

  it("without the public server until the webs answer", () => {
    const closed = nginxConfig({ prefix: "/p", ports, logDir: "/l", user: null, withPublic: false }).text;
    expect(closed).not.toContain("listen 127.0.0.1:3500;");
    expect(closed).toContain("listen 127.0.0.1:3501;");
  });

  it.skipIf(!existsSync(NGINX))("nginx accepts it", () => {
    const dir = mkdtempSync(join(tmpdir(), "scale-nginx-"));
    try {
      const config = nginxConfig({ prefix: dir, ports, logDir: dir, user: null });
      for (const temp of config.tempDirs) mkdirSync(temp, { recursive: true });
      writeFileSync(join(dir, "nginx.conf"), config.text);
      const args = ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log"), "-t", "-q"];
      const checked = spawnSync(NGINX, args, { encoding: "utf8" });
      expect(checked.status, checked.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
