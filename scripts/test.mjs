// `npm test`: typecheck, lint, unit + API tests (vitest), build, then the end-to-end tests
// (Playwright + Chromium). The Firebase Auth emulator runs for the whole suite.
import { spawnSync } from "node:child_process";
import { DEFAULT_EMULATOR_HOST, DEFAULT_PROJECT_ID, ensureAuthEmulator } from "./emulator.mjs";

const env = { ...process.env };
env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_EMULATOR_HOST;
env.FIREBASE_PROJECT_ID ??= DEFAULT_PROJECT_ID;

const steps = [
  ["typecheck", "tsc", []],
  ["lint", "eslint", ["."]],
  ["unit and API tests", "vitest", ["run"]],
  ["build", "remix", ["build"]],
  ["end-to-end tests", "playwright", ["test"]],
];

const emulator = await ensureAuthEmulator({
  host: env.FIREBASE_AUTH_EMULATOR_HOST,
  projectId: env.FIREBASE_PROJECT_ID,
});
let failed = null;
for (const [name, bin, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(`node_modules/.bin/${bin}`, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    failed = name;
    break;
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
await emulator.stop();
if (failed) {
  console.error(`✖ ${failed} failed`);
  process.exit(1);
}
