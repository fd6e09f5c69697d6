// `npm start` / `npm run dev`: build if needed, start the Firebase Auth emulator in local mode,
// then serve the app (which migrates the database and seeds it when empty) on $PORT.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const dev = process.argv.includes("--dev");
if (existsSync(".env")) process.loadEnvFile(".env");
const env = { ...process.env };
// Without NODE_ENV this is the local quick start: local configuration (APP_ENV=local), production React.
if (!env.NODE_ENV && !env.APP_ENV) env.APP_ENV = "local";
env.NODE_ENV ??= dev ? "development" : "production";
env.APP_ENV ??= env.NODE_ENV === "production" ? "production" : "local";
env.PORT ??= "3000";
const local = env.APP_ENV === "local";

// Local identity: no real Firebase project configured → the Auth emulator with a demo- project.
if (local && !env.FIREBASE_PROJECT_ID) env.FIREBASE_PROJECT_ID = "demo-wayfarer";
const localIdentity = local && env.FIREBASE_PROJECT_ID.startsWith("demo-");
if (localIdentity) env.FIREBASE_AUTH_EMULATOR_HOST ??= "127.0.0.1:9099";

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
  if (!existsSync("build/index.js") || !existsSync("public/build")) return true;
  const built = statSync("build/index.js").mtimeMs;
  const sources = ["app", "api", "remix.config.js", "tailwind.config.ts", "package-lock.json"].filter(existsSync);
  return sources.some((path) => newestMtime(path) > built);
}

async function emulatorUp(host) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok || response.status < 500;
  } catch {
    return false;
  }
}

async function startAuthEmulator() {
  const host = env.FIREBASE_AUTH_EMULATOR_HOST;
  if (await emulatorUp(host)) {
    console.log(`Firebase Auth emulator already running on ${host}`);
    return;
  }
  console.log(`Starting the Firebase Auth emulator on ${host} (project ${env.FIREBASE_PROJECT_ID})…`);
  const child = spawn(
    bin("firebase"),
    ["emulators:start", "--only", "auth", "--project", env.FIREBASE_PROJECT_ID, "--config", "firebase.json"],
    { env: { ...env, NODE_ENV: "development" }, stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  child.stdout.on("data", (chunk) => {
    if (env.EMULATOR_VERBOSE) process.stdout.write(chunk);
  });
  child.on("exit", (code) => {
    if (!shuttingDown) {
      console.error(`The Firebase Auth emulator exited (${code}).`);
      shutdown(1);
    }
  });
  const deadline = Date.now() + 60_000;
  while (!(await emulatorUp(host))) {
    if (Date.now() > deadline) throw new Error("The Firebase Auth emulator did not start within 60 s.");
    await sleep(250);
  }
  console.log("Firebase Auth emulator ready.");
}

let shuttingDown = false;
function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((child) => (child.exitCode !== null ? null : new Promise((r) => child.on("exit", r))))).then(
    () => process.exit(code),
  );
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

const started = Date.now();
if (!dev && buildIsStale()) {
  console.log("Building the app…");
  const result = spawnSync(bin("remix"), ["build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (localIdentity) await startAuthEmulator();

const server = dev
  ? spawn(bin("remix"), ["dev"], { env, stdio: "inherit" })
  : spawn(bin("remix-serve"), ["./build/index.js"], { env, stdio: "inherit" });
children.push(server);
server.on("exit", (code) => {
  if (!shuttingDown) shutdown(code ?? 1);
});
console.log(`Starting on http://localhost:${env.PORT} (prepared in ${Date.now() - started} ms)`);
