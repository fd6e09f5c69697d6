// `npm test`: typecheck, lint, unit + API tests (vitest), then the end-to-end tests (Playwright).
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "tsc", []],
  ["lint", "eslint", ["."]],
  ["unit and API tests", "vitest", ["run"]],
  ["build", "remix", ["build"]],
  ["end-to-end tests", "playwright", ["test"]],
];

for (const [name, bin, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(`node_modules/.bin/${bin}`, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
