// `npm test`: typecheck, lint, unit + API tests (vitest), build, then the end-to-end tests
// (Playwright + Chromium). The Firebase Auth emulator runs for the whole suite.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import { readCommandLine } from "./cli.mjs";
import { DEFAULT_EMULATOR_HOST, DEFAULT_PROJECT_ID, ensureAuthEmulator } from "./emulator.mjs";

readCommandLine({
  usage: `
Usage: npm test     (node scripts/test.mjs)

Every check, in order, stopping at the first failure: typecheck, lint, unit and API tests (vitest),
build, checks of the built app, end-to-end tests (Playwright + Chromium), then the end-to-end tests
in split mode. The Firebase Auth emulator runs for the whole suite (started, or the running one reused).
With TEST_PROGRESS_FILE set, the name of each step that passed is appended to that file as a line,
and "end" once the run is over (CI starts other suites when the CPU-bound steps are done). With
TEST_DATABASE_URL (and TEST_REDIS_URL) set, the unit and API tests run on that PostgreSQL (and Redis).
With TEST_BESIDE=1, the checks of the built app and the split mode's end-to-end tests are left to
the caller (CI runs them beside the browser tests).
  -h, --help  this text`,
});

const env = { ...process.env };
env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_EMULATOR_HOST;
env.FIREBASE_PROJECT_ID ??= DEFAULT_PROJECT_ID;

/** TEST_BESIDE=1: the built app's checks and the split mode's browser tests are the caller's. */
const BESIDE = process.env.TEST_BESIDE === "1";
const SPLIT_MODE = [
  "end-to-end tests, split mode (web and API in two processes, the web without a database)",
  "playwright",
  ["test", "tests/e2e/identity.spec.ts", "tests/e2e/booking.spec.ts"],
  { E2E_SPLIT: "1", E2E_PORT: "3230" },
];

const steps = [
  ["known advisories in production dependencies", "node", ["scripts/check-advisories.mjs"]],
  // Three single-threaded checks side by side on the machine's cores (their output one after another).
  [
    "typecheck, lint and formatting",
    [
      ["typecheck", "tsc", []],
      ["lint", "eslint", ["."]],
      ["formatting", "prettier", ["--check", "."]],
    ],
  ],
  // TEST_DATABASE_URL (and TEST_REDIS_URL): this stage on that PostgreSQL (CI does; each file on a
  // copy of the run's seeded template, files side by side). The other stages keep their own databases.
  ["unit and API tests", "vitest", ["run"], unitDatabase()],
  ["build", "npm", ["run", "build"]],
  // TEST_BESIDE=1: the caller runs these itself, beside the browser tests (CI does).
  ...(BESIDE ? [] : [["client bundle checks", "vitest", ["run", "--config", "vitest.build.config.ts"]]]),
  // One browser against one server (decision 047: two halves side by side on two cores were slower
  // and timed out; the PostgreSQL suite runs beside this at the lowest priority in CI).
  ["end-to-end tests", "playwright", ["test"]],
  ...(BESIDE ? [] : [SPLIT_MODE]),
];

/** The unit and API tests' database: TEST_DATABASE_URL's PostgreSQL when set, else each file's embedded one. */
function unitDatabase() {
  if (!process.env.TEST_DATABASE_URL) return {};
  return { DATABASE_URL: process.env.TEST_DATABASE_URL, REDIS_URL: process.env.TEST_REDIS_URL ?? "" };
}

/** Tells a watcher (TEST_PROGRESS_FILE) how far the run is. */
function progress(line) {
  if (env.TEST_PROGRESS_FILE) appendFileSync(env.TEST_PROGRESS_FILE, `${line}\n`);
}

const emulator = await ensureAuthEmulator({
  host: env.FIREBASE_AUTH_EMULATOR_HOST,
  projectId: env.FIREBASE_PROJECT_ID,
});
const commandOf = (bin) => (bin === "npm" || bin === "node" ? bin : `node_modules/.bin/${bin}`);

/** Runs checks at once (each with its own extra environment), each one's output kept and printed once all have ended, those that failed last (where a CI log's tail shows them): whether all passed. */
async function together(checks) {
  const results = await Promise.all(
    checks.map(
      ([name, bin, args, extraEnv = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(commandOf(bin), args, {
            env: { ...env, ...extraEnv },
            stdio: ["ignore", "pipe", "pipe"],
          });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (status) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            const verdict = status === 0 ? `  ✔ ${name} (${seconds} s)` : `  ✖ ${name} (exit ${status}, ${seconds} s)`;
            resolve({ passed: status === 0, output: Buffer.concat(output), verdict });
          });
        }),
    ),
  );
  for (const { output, verdict } of [...results.filter((r) => r.passed), ...results.filter((r) => !r.passed)]) {
    process.stdout.write(output);
    console.log(verdict);
  }
  return results.every((r) => r.passed);
}

let failed = null;
for (const [name, bin, args, extraEnv = {}] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const passed = Array.isArray(bin)
    ? await together(bin)
    : spawnSync(commandOf(bin), args, { stdio: "inherit", env: { ...env, ...extraEnv } }).status === 0;
  if (!passed) {
    failed = name;
    break;
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  progress(name);
}
progress("end");
await emulator.stop();
if (failed) {
  console.error(`✖ ${failed} failed`);
  process.exit(1);
}
