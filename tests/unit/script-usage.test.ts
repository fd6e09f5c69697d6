/**
 * Our scripts' command lines (scripts/cli.mjs): `--help` and `-h` print the usage and exit 0
 * having done nothing, an unknown flag exits 2 with the usage, and `npm start` in production
 * refuses, before it builds anything, naming every missing setting.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const SCRIPTS: Array<[string, string[]]> = [
  ["start, dev, start:api", ["scripts/start.mjs"]],
  ["test", ["scripts/test.mjs"]],
  ["db:migrate", ["scripts/db-migrate.mjs"]],
  ["e2e server", ["scripts/e2e-server.mjs"]],
  ["seed", ["--import", "tsx", "scripts/seed.ts"]],
  ["rates", ["scripts/rates.mjs"]],
  ["admin", ["scripts/admin.mjs"]],
  ["admin grant", ["scripts/admin.mjs", "grant"]],
  ["admin revoke", ["scripts/admin.mjs", "revoke"]],
  ["admin create-operator", ["scripts/admin.mjs", "create-operator"]],
  ["admin list-operators", ["scripts/admin.mjs", "list-operators"]],
  ["backup", ["scripts/backup.mjs"]],
  ["restore", ["scripts/restore.mjs"]],
  ["bench", ["--import", "tsx", "scripts/bench.ts"]],
  ["bench:catalog", ["--import", "tsx", "scripts/bench-catalog.ts"]],
];

/** Runs a script with only PATH and HOME (and `env`), so nothing of this shell's setting leaks in. */
function run(args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", ...env },
    timeout: 20_000,
  });
  return { ...result, milliseconds: performance.now() - started };
}

describe("every script answers --help and refuses unknown flags", () => {
  it.each(SCRIPTS)(
    "%s",
    (_name, args) => {
      for (const flag of ["--help", "-h"]) {
        // Production with nothing set: were anything opened or started, it would fail instead.
        const help = run([...args, flag], {
          APP_ENV: "production",
          DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
        });
        expect(help.status, help.stderr).toBe(0);
        expect(help.stdout).toMatch(/^Usage: /);
        expect(help.stdout).toMatch(/-h, --help/);
      }
      const unknown = run([...args, "--no-such-flag"]);
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toMatch(/Unknown option '--no-such-flag'[\s\S]*Usage: /);
    },
    60_000,
  );
});

describe("npm start in production", () => {
  it("exits 1 at once, before building or spawning, naming every missing setting", () => {
    const refused = run(["scripts/start.mjs"], { APP_ENV: "production" });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe("");
    for (const name of ["DATABASE_URL", "SMTP_URL", "PAYMENT_PROVIDER", "SESSION_SECRET", "MESSAGE_LINK_SECRET"]) {
      expect(refused.stderr).toContain(`  - ${name}: `);
    }
    expect(refused.milliseconds).toBeLessThan(3_000);
    // The API alone asks nothing of the web's settings.
    const api = run(["scripts/start.mjs", "--api"], { APP_ENV: "production" });
    expect(api.status).toBe(1);
    expect(api.stderr).toMatch(/Refusing to start the API/);
    expect(api.stderr).not.toContain("SESSION_SECRET");
    // The web alone (split mode) asks nothing of the API's.
    const web = run(["scripts/start.mjs"], { APP_ENV: "production", API_BASE_URL: "http://api.internal:3001" });
    expect(web.status).toBe(1);
    expect(web.stderr).toMatch(/Refusing to start the web/);
    expect(web.stderr).toContain("  - SESSION_SECRET: ");
    expect(web.stderr).not.toMatch(/DATABASE_URL|SMTP_URL|PAYMENT_PROVIDER/);
  });
});
