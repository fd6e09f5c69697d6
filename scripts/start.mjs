// `npm start` / `npm run dev`: build if needed, start the Firebase Auth emulator in local mode,
// then serve the app (which, locally, migrates the database and seeds it when empty) on $PORT.
// With APP_ENV=production it first checks every setting (runtime/production-preflight.mjs) and
// exits listing what is missing; production migrates with `npm run db:migrate`, not on start.
// `npm run start:api` (--api): the v1 API alone on $API_PORT (default 3001). With API_BASE_URL
// set, `npm start` serves the web alone: it opens no database and forwards /v1 to that API.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { productionPreflight, webProcessRole } from "../runtime/production-preflight.mjs";
import { readCommandLine } from "./cli.mjs";
import { createDemoOwners } from "./demo-owners.mjs";
import { DEFAULT_EMULATOR_HOST, ensureAuthEmulator } from "./emulator.mjs";
import { serverArgs } from "./server-args.mjs";
import { AFTER_DRAIN_LIMIT_MS, shutdownTimeoutMs } from "../runtime/process-lifecycle.mjs";

const { values: flags } = readCommandLine({
  usage: `
Usage: npm start [-- --api | --dev]     (node scripts/start.mjs)

Builds the app when its sources are newer than the build, starts the Firebase Auth emulator when
the configuration is local, and serves the app on $PORT (default 3000).
  (no flag)  the web, with the v1 API in the same process (or the web alone when API_BASE_URL is set)
  --api      the v1 API alone on $API_PORT (default 3001)   (npm run start:api)
  --dev      the Remix dev server, rebuilding on change      (npm run dev)
  -h, --help this text
Settings come from the environment and .env (.env.example lists them). With APP_ENV=production the
start is refused, before anything is built, while a setting is missing or unsafe (README: Production).`,
  options: { api: { type: "boolean" }, dev: { type: "boolean" } },
});
const dev = Boolean(flags.dev);
const apiOnly = Boolean(flags.api);
if (existsSync(".env")) process.loadEnvFile(".env");
const env = { ...process.env };
// Production: every missing or unsafe setting at once, before anything is built or spawned.
const refused = productionPreflight(env, apiOnly ? "api" : webProcessRole(env));
if (refused) {
  console.error(refused);
  process.exit(1);
}
// Without NODE_ENV this is the local quick start: local configuration (APP_ENV=local), production React.
if (!env.NODE_ENV && !env.APP_ENV) env.APP_ENV = "local";
env.NODE_ENV ??= dev ? "development" : "production";
env.APP_ENV ??= env.NODE_ENV === "production" ? "production" : "local";
env.PORT ??= "3000";
const local = env.APP_ENV === "local";
// How long the server may take to stop: its drain, then its jobs and database (runtime/process-lifecycle.mjs).
const stopLimitMs = shutdownTimeoutMs(env) + AFTER_DRAIN_LIMIT_MS + 4_000;

// Local identity: no real Firebase project configured → the Auth emulator with a demo- project.
if (local && !env.FIREBASE_PROJECT_ID) env.FIREBASE_PROJECT_ID = "demo-wayfarer";
const localIdentity = local && env.FIREBASE_PROJECT_ID.startsWith("demo-");
if (localIdentity) env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_EMULATOR_HOST;

const bin = (name) => join("node_modules", ".bin", name);
const children = [];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale() {
  const outputs = ["build/index.js", "build/api/server.js"];
  if (!outputs.every(existsSync) || !existsSync("public/build")) return true;
  const built = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  const sources = ["app", "api", "contract", "remix.config.js", "tailwind.config.ts", "package-lock.json"].filter(
    existsSync,
  );
  return sources.some((path) => newestMtime(path) > built);
}

async function startAuthEmulator() {
  console.log(`Firebase Auth emulator on ${env.FIREBASE_AUTH_EMULATOR_HOST} (project ${env.FIREBASE_PROJECT_ID})…`);
  const emulator = await ensureAuthEmulator({
    host: env.FIREBASE_AUTH_EMULATOR_HOST,
    projectId: env.FIREBASE_PROJECT_ID,
  });
  stopEmulator = emulator.stop;
  console.log(
    emulator.started ? "Firebase Auth emulator ready." : "Reusing the Firebase Auth emulator already running.",
  );
  // The demo operators' owners (README), in the emulator only: localIdentity is a demo- project.
  const created = await createDemoOwners({ host: env.FIREBASE_AUTH_EMULATOR_HOST, projectId: env.FIREBASE_PROJECT_ID });
  if (created) console.log(`Demo operators' owners created in the Auth emulator: ${created}.`);
}

let stopEmulator = async () => {};
let shuttingDown = false;
function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), stopLimitMs).unref();
  Promise.all([
    stopEmulator(),
    ...children.map((child) => (child.exitCode !== null ? null : new Promise((r) => child.on("exit", r)))),
  ]).then(() => process.exit(code));
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

const started = Date.now();
if ((!dev || apiOnly) && buildIsStale()) {
  console.log("Building the app…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The emulator (about 10 s cold) and the server start side by side.
const emulatorReady = localIdentity ? startAuthEmulator() : Promise.resolve();

// server/index.mjs (scripts/server-args.mjs: the heap bounded); `remix dev` starts it on each build.
const server = dev
  ? spawn(bin("remix"), ["dev", "--command", "node server/index.mjs"], { env, stdio: "inherit" })
  : spawn(process.execPath, serverArgs(apiOnly ? "api" : "web", env), { env, stdio: "inherit" });
children.push(server);
server.on("exit", (code) => {
  if (!shuttingDown) shutdown(code ?? 1);
});
emulatorReady.then(
  () =>
    console.log(
      apiOnly
        ? `v1 API starting on http://127.0.0.1:${env.API_PORT ?? 3001}/v1 (${Date.now() - started} ms)`
        : `Ready on http://localhost:${env.PORT} (${Date.now() - started} ms)`,
    ),
  (error) => {
    console.error(String(error));
    shutdown(1);
  },
);
