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
and "end" once the run is over (CI starts other suites when the CPU-bound steps are done).
  -h, --help  this text`,
});

const env = { ...process.env };
env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_EMULATOR_HOST;
env.FIREBASE_PROJECT_ID ??= DEFAULT_PROJECT_ID;

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
  ["unit and API tests", "vitest", ["run"]],
  ["build", "npm", ["run", "build"]],
  ["client bundle checks", "vitest", ["run", "--config", "vitest.build.config.ts"]],
  ["end-to-end tests", "playwright", ["test"]],
  [
    "end-to-end tests, split mode (web and API in two processes, the web without a database)",
    "playwright",
    ["test", "tests/e2e/identity.spec.ts", "tests/e2e/booking.spec.ts"],
    { E2E_SPLIT: "1", E2E_PORT: "3230" },
  ],
];

/** Tells a watcher (TEST_PROGRESS_FILE) how far the run is. */
function progress(line) {
  if (env.TEST_PROGRESS_FILE) appendFileSync(env.TEST_PROGRESS_FILE, `${line}\n`);
}

const emulator = await ensureAuthEmulator({
  host: env.FIREBASE_AUTH_EMULATOR_HOST,
  projectId: env.FIREBASE_PROJECT_ID,
});
const commandOf = (bin) => (bin === "npm" || bin === "node" ? bin : `node_modules/.bin/${bin}`);

/** Runs checks at once, each one's output kept and printed once it ends: whether all passed. */
async function together(checks) {
  const results = await Promise.all(
    checks.map(
      ([name, bin, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(commandOf(bin), args, { env, stdio: ["ignore", "pipe", "pipe"] });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (status) => {
            process.stdout.write(Buffer.concat(output));
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(status === 0 ? `  ✔ ${name} (${seconds} s)` : `  ✖ ${name} (exit ${status})`);
            resolve(status === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
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
