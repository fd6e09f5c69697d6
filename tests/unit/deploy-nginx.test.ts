// deploy/nginx.conf is valid for nginx (Debian's 1.22, as on our machines) and balances over the
// processes compose.yaml runs, on the ports they listen on.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const conf = readFileSync("deploy/nginx.conf", "utf8");
const compose = parseYaml(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, { command?: string[]; environment?: Record<string, string> }>;
};

function upstream(name: string): string[] {
  const block = new RegExp(`upstream ${name} \\{([^}]*)\\}`).exec(conf)?.[1] ?? "";
  return [...block.matchAll(/^\s*server (\S+?)(?:\s|;)/gm)].map((m) => m[1]);
}

describe("deploy/nginx.conf", () => {
  it("round-robins over compose.yaml's web and API processes on their ports", () => {
    const web = Object.keys(compose.services).filter((name) => /^web\d+$/.test(name));
    const api = Object.keys(compose.services).filter((name) => /^api\d+$/.test(name));
    expect(web.length).toBeGreaterThanOrEqual(2);
    expect(api.length).toBeGreaterThanOrEqual(2);
    expect(upstream("web").sort()).toEqual(web.map((name) => `${name}:${compose.services[name].environment?.PORT}`));
    expect(upstream("api").sort()).toEqual(
      api.map((name) => `${name}:${compose.services[name].environment?.API_PORT}`),
    );
    // The web reaches the API through the internal listener.
    expect(compose.services[web[0]].environment?.API_BASE_URL).toBe("http://nginx:8080");
    expect(conf).toMatch(/listen 8080;/);
  });

  it.skipIf(!existsSync(NGINX))("passes nginx -t (the upstream hosts resolved to this machine)", () => {
    const dir = mkdtempSync(join(tmpdir(), "nginx-conf-"));
    writeFileSync(join(dir, "nginx.conf"), conf.replace(/server (web|api)\d+:/g, "server 127.0.0.1:"));
    const result = spawnSync(NGINX, ["-t", "-p", dir, "-c", join(dir, "nginx.conf")], { encoding: "utf8" });
    expect(result.stderr).toContain("test is successful");
    expect(result.status).toBe(0);
  });
});
