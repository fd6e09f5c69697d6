// deploy/tls/get-wildcard-certificate.sh asks certbot for the base domain and its wildcard by
// DNS-01, with the deploy hook that reloads nginx; it refuses what would fail later or leak. certbot
// itself is a stand-in here (CERTBOT) that writes down how it was called: Let's Encrypt is not
// reachable from CI.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = "deploy/tls/get-wildcard-certificate.sh";
const dir = mkdtempSync(join(tmpdir(), "wildcard-"));
const calls = join(dir, "calls");
const certbot = join(dir, "certbot");
writeFileSync(certbot, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${calls}"\n`);
chmodSync(certbot, 0o755);
const credentials = join(dir, "cloudflare.ini");
writeFileSync(credentials, "dns_cloudflare_api_token = x\n");

function run(args: string[], env: Record<string, string> = {}) {
  writeFileSync(calls, "");
  const result = spawnSync("bash", [SCRIPT, ...args], {
    encoding: "utf8",
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", CERTBOT: certbot, RELOAD_COMMAND: "reload-nginx", ...env },
  });
  return { ...result, certbotArgs: readFileSync(calls, "utf8").split("\n").filter(Boolean) };
}

describe("deploy/tls/get-wildcard-certificate.sh", () => {
  it("asks for the base domain and every storefront under it by DNS-01, reloading nginx on each renewal", () => {
    chmodSync(credentials, 0o600);
    const { status, stderr, certbotArgs, stdout } = run([
      "app.example.com",
      "ops@example.com",
      "cloudflare",
      credentials,
    ]);
    expect(status, stderr).toBe(0);
    expect(certbotArgs.slice(0, 1)).toEqual(["certonly"]);
    const pairs = certbotArgs.join(" ");
    expect(pairs).toContain("-d app.example.com -d *.app.example.com");
    expect(pairs).toContain("--preferred-challenges dns --dns-cloudflare");
    expect(pairs).toContain(`--dns-cloudflare-credentials ${credentials}`);
    expect(pairs).toContain("--deploy-hook reload-nginx");
    expect(pairs).toContain("--cert-name app.example.com");
    expect(pairs).toContain("--non-interactive");
    expect(certbotArgs).not.toContain("--staging");
    expect(stdout).toContain("/etc/letsencrypt/live/app.example.com/fullchain.pem");
  });

  it("uses route53's own credentials and Let's Encrypt's staging service when asked", () => {
    const { status, certbotArgs } = run(["app.example.com", "ops@example.com", "route53"], { STAGING: "1" });
    expect(status).toBe(0);
    expect(certbotArgs).toContain("--dns-route53");
    expect(certbotArgs.some((arg) => arg.endsWith("-credentials"))).toBe(false);
    expect(certbotArgs).toContain("--staging");
  });

  it("refuses a credentials file others can read, and a missing one, before asking certbot", () => {
    chmodSync(credentials, 0o644);
    const loose = run(["app.example.com", "ops@example.com", "cloudflare", credentials]);
    expect(loose.status).toBe(77);
    expect(loose.stderr).toContain("chmod 600");
    const missing = run(["app.example.com", "ops@example.com", "cloudflare", join(dir, "none.ini")]);
    expect(missing.status).toBe(66);
    expect([...loose.certbotArgs, ...missing.certbotArgs]).toEqual([]);
  });

  it("refuses a wildcard, an upper-case or one-label domain, a bad email, an unknown plugin and a wrong call", () => {
    chmodSync(credentials, 0o600);
    for (const args of [
      ["*.app.example.com", "ops@example.com"],
      ["App.Example.com", "ops@example.com"],
      ["localhost", "ops@example.com"],
      ["app.example.com; rm -rf /", "ops@example.com"],
      ["app.example.com", "not-an-email"],
      ["app.example.com", "ops@example.com", "godaddy", credentials],
      ["app.example.com"],
    ]) {
      const { status, certbotArgs } = run(args);
      expect(status, args.join(" ")).toBe(64);
      expect(certbotArgs).toEqual([]);
    }
  });
});
