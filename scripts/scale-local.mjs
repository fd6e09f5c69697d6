// `npm run scale:local`: the production layout on this machine — PostgreSQL, Redis, two API
// processes, two web processes and nginx in front, round robin — for trying scale-out and for the
// scale suite (playwright.scale.config.ts). `--help` for the options.
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { readCommandLine } from "./cli.mjs";
import { DEFAULT_EMULATOR_HOST, DEFAULT_PROJECT_ID, ensureAuthEmulator } from "./emulator.mjs";
import { nginxConfig } from "./scale-nginx.mjs";
import { serverArgs } from "./server-args.mjs";

const USAGE = `Usage: npm run scale:local [-- options]

Starts the product as it runs in production, on this machine: PostgreSQL (the local cluster),
a Redis of its own, two API processes, two web processes (split mode: each web reaches the APIs
through nginx) and nginx in front, round robin, skipping a process that stopped answering.
Builds first if build/ is missing. Ctrl-C (or SIGTERM) stops everything it started; an API or web
process that dies is started again after a second.

Options:
  --port <n>     nginx's port (default 3500). The others follow from it:
                   n+1 the APIs' load balancer (the webs' API_BASE_URL), n+11 and n+12 the webs,
                   n+21 and n+22 the APIs, n+95 Redis (unless REDIS_URL is set)
  --fresh        drop and create the database first (an empty database: migrated, then seeded)
  --nginx <path> the nginx binary (default /usr/sbin/nginx: Debian's nginx-light or nginx)
  --verbose      print every process's log here too (they are always in .data-scale/logs/)
  -h, --help     print this and change nothing

Environment:
  DATABASE_URL   the PostgreSQL database (default postgres://postgres@127.0.0.1:5432/wayfarer_scale,
                 created if missing; the local cluster is started if it is not running)
  REDIS_URL      a Redis to use instead of starting one
  Any other setting (.env.example) is passed to every process. Defaults here: APP_ENV=local
  (the Firebase Auth emulator on ${DEFAULT_EMULATOR_HOST}, sandbox payments), TRUST_PROXY=1,
  SEED_ON_START=true.

While it runs, .data-scale/layout.json lists every process (name, pid, port, url).`;

const { values: options } = readCommandLine({
  usage: USAGE,
  options: {
    port: { type: "string", default: "3500" },
    nginx: { type: "string", default: "/usr/sbin/nginx" },
    fresh: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});

const base = Number(options.port);
if (!/^\d+$/.test(options.port) || base < 1024 || base > 65_000) {
  console.error(`--port must be a whole number from 1024 to 65000, not ${options.port}`);
  process.exit(2);
}
const RUN_DIR = resolve(".data-scale");
const LOG_DIR = join(RUN_DIR, "logs");
const LAYOUT_FILE = join(RUN_DIR, "layout.json");
const ports = {
  nginx: base,
  apiBalancer: base + 1,
  webs: [base + 11, base + 12],
  apis: [base + 21, base + 22],
  redis: base + 95,
};
const publicUrl = `http://localhost:${ports.nginx}`;

if (existsSync(".env")) process.loadEnvFile(".env");
const env = { ...process.env };
env.NODE_ENV = "production";
env.APP_ENV ??= "local";
env.FIREBASE_PROJECT_ID ??= DEFAULT_PROJECT_ID;
if (env.APP_ENV === "local") env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_EMULATOR_HOST;
// One proxy (nginx) in front of the webs; the APIs count the web as one more hop themselves.
env.TRUST_PROXY ??= "1";
env.SEED_ON_START ??= "true";
env.APP_PUBLIC_URL ??= publicUrl;
env.STOREFRONT_PUBLIC_URL ??= `http://{slug}.app.localhost:${ports.nginx}`;
const databaseUrl = env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/wayfarer_scale";

/** Every process started here, in start order: stopped in reverse. */
const running = [];
let stopping = false;
let stopEmulator = async () => {};

function log(message) {
  console.log(`[scale] ${message}`);
}

function portAnswers(port, host = "127.0.0.1") {
  return new Promise((done) => {
    const socket = connect({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** A Redis answers PING on this port. */
function redisAnswers(port) {
  return new Promise((done) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.setTimeout(1000, () => socket.destroy());
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      done(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => done(false));
    socket.once("close", () => done(false));
  });
}

function writeLayout() {
  const layout = {
    url: publicUrl,
    apiBalancer: `http://127.0.0.1:${ports.apiBalancer}`,
    databaseUrl,
    redisUrl: env.REDIS_URL,
    logs: LOG_DIR,
    processes: running.map(({ name, child, port, url }) => ({ name, pid: child?.pid ?? null, port, url })),
  };
  // Whole or not at all for a reader: written beside, then renamed over.
  writeFileSync(`${LAYOUT_FILE}.new`, JSON.stringify(layout, null, 2) + "\n");
  renameSync(`${LAYOUT_FILE}.new`, LAYOUT_FILE);
}

/** A process that dies this soon after it started, this many times in a row, is not started again. */
const CRASH_WINDOW_MS = 10_000;
const CRASHES_IN_A_ROW = 3;

/**
 * Starts a process and keeps it running: `restart` ones (the APIs and webs) are started again a
 * second after they die, unless they keep dying at start; any other dying stops the whole layout.
 */
function startProcess(spec) {
  const entry = { ...spec, child: null };
  const out = createWriteStream(join(LOG_DIR, `${spec.name}.log`));
  let crashes = 0;
  const launch = () => {
    const launchedAt = Date.now();
    const child = spawn(spec.command, spec.args, { env: spec.env, stdio: ["ignore", "pipe", "pipe"] });
    child.on("error", (error) => {
      console.error(`[scale] could not start ${spec.name} (${spec.command}): ${error.message}`);
      void stop(1);
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.pipe(out, { end: false });
      if (options.verbose) stream.on("data", (chunk) => process.stdout.write(`${spec.name} | ${chunk}`));
    }
    child.on("exit", (code, signal) => {
      if (stopping) return;
      log(`${spec.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}); see ${LOG_DIR}/${spec.name}.log`);
      // A signal to the whole process group (Ctrl-C) may reach a process before this one hears it.
      if (!spec.restart) return void setTimeout(() => void stop(1), 300);
      crashes = Date.now() - launchedAt < CRASH_WINDOW_MS ? crashes + 1 : 0;
      if (crashes >= CRASHES_IN_A_ROW) {
        console.error(`[scale] ${spec.name} died ${crashes} times within seconds of starting: stopping. Its log ends:`);
        const lines = readFileSync(join(LOG_DIR, `${spec.name}.log`), "utf8")
          .trimEnd()
          .split("\n");
        console.error(lines.slice(-15).join("\n"));
        return void stop(1);
      }
      setTimeout(() => {
        if (stopping) return;
        launch();
        log(`${spec.name} started again: pid ${entry.child.pid}`);
        writeLayout();
      }, 1000);
    });
    entry.child = child;
  };
  launch();
  running.push(entry);
  return entry;
}

/** Waits until the first of `paths` that exists answers 200 (a 404 moves on to the next path). */
async function waitForHealthy(entry, paths, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (stopping) return;
    for (const path of paths) {
      const status = await fetch(entry.url + path, { signal: AbortSignal.timeout(2000) }).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) return;
      if (status !== 404) break;
    }
    await sleep(250);
  }
  throw new Error(`${entry.name} did not become healthy within ${ms / 1000} s (${LOG_DIR}/${entry.name}.log)`);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log("stopping…");
  const exits = [];
  for (const { child, stopSignal = "SIGTERM" } of [...running].reverse()) {
    if (!child || child.exitCode !== null || child.signalCode !== null) continue;
    exits.push(new Promise((done) => child.once("exit", done)));
    child.kill(stopSignal);
  }
  const timer = setTimeout(() => {
    for (const { child } of running) if (child && child.exitCode === null) child.kill("SIGKILL");
  }, 15_000);
  await Promise.all(exits);
  clearTimeout(timer);
  await stopEmulator();
  rmSync(LAYOUT_FILE, { force: true });
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

// --- PostgreSQL -------------------------------------------------------------------------

async function ensureDatabase() {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`the database name ${JSON.stringify(name)} is not a plain name`);
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const open = async () => {
    const client = new pg.Client({ connectionString: admin.href, connectionTimeoutMillis: 3000 });
    await client.connect();
    return client;
  };
  let client;
  try {
    client = await open();
  } catch (error) {
    const local = ["127.0.0.1", "localhost"].includes(target.hostname);
    if (!local || !existsSync("/etc/postgresql")) throw error;
    // The Debian cluster, as CI starts it (.ci/run).
    const version = spawnSync("ls", ["/etc/postgresql"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
    log(`PostgreSQL is not answering: starting the local cluster (${version}/main)…`);
    spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], { stdio: "inherit" });
    for (let attempt = 0; attempt < 30 && !client; attempt++) {
      client = await open().catch(() => sleep(1000).then(() => undefined));
    }
    if (!client) throw error;
  }
  try {
    if (options.fresh) {
      if (env.APP_ENV === "production") throw new Error("--fresh is refused with APP_ENV=production");
      log(`dropping the database ${name} (--fresh)`);
      await client.query(`drop database if exists "${name}" with (force)`);
    }
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount === 0) {
      await client.query(`create database "${name}"`);
      log(`created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}

// --- Redis ------------------------------------------------------------------------------

async function ensureRedis() {
  if (env.REDIS_URL) return log(`Redis: ${env.REDIS_URL} (REDIS_URL)`);
  env.REDIS_URL = `redis://127.0.0.1:${ports.redis}`;
  if (await redisAnswers(ports.redis)) return log(`Redis: reusing the one answering on port ${ports.redis}`);
  const entry = startProcess({
    name: "redis",
    command: "redis-server",
    args: ["--port", String(ports.redis), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    env: process.env,
    port: ports.redis,
    url: env.REDIS_URL,
  });
  for (let attempt = 0; attempt < 40 && !(await redisAnswers(ports.redis)); attempt++) {
    if (entry.child.exitCode !== null) throw new Error(`redis-server exited (${LOG_DIR}/redis.log)`);
    await sleep(250);
  }
}

// --- nginx ------------------------------------------------------------------------------

/**
 * Starts nginx with only the APIs' balancer; `open()` then adds the public server (a reload, which
 * also forgets any process set aside while it was starting), once the webs behind it answer.
 */
function startNginx() {
  const prefix = join(RUN_DIR, "nginx");
  rmSync(prefix, { recursive: true, force: true });
  for (const log of ["nginx-access.log", "nginx-error.log"]) rmSync(join(LOG_DIR, log), { force: true });
  mkdirSync(prefix, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const nginx = options.nginx;
  const args = ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", join(LOG_DIR, "nginx-error.log")];
  const configure = (withPublic) => {
    const config = nginxConfig({ prefix, ports, logDir: LOG_DIR, user: asRoot ? "nobody nogroup" : null, withPublic });
    writeFileSync(join(prefix, "nginx.conf"), config.text);
    for (const dir of config.tempDirs) {
      mkdirSync(dir, { recursive: true });
      // Workers run as nobody when nginx starts as root: they write request bodies there.
      if (asRoot) chmodSync(dir, 0o777);
    }
    const test = spawnSync(nginx, [...args, "-t", "-q"], { encoding: "utf8" });
    if (test.status !== 0) throw new Error(`nginx refused its configuration: ${test.stderr || test.error}`);
  };
  configure(false);
  const entry = startProcess({
    name: "nginx",
    command: nginx,
    args: [...args, "-g", "daemon off;"],
    env: process.env,
    port: ports.nginx,
    url: publicUrl,
    // SIGQUIT: finish what is in flight, then stop.
    stopSignal: "SIGQUIT",
  });
  const open = async () => {
    configure(true);
    entry.child.kill("SIGHUP");
    await waitForHealthy(entry, ["/v1/health"]);
  };
  return { open };
}

// --- the layout -------------------------------------------------------------------------

try {
  mkdirSync(LOG_DIR, { recursive: true });
  const taken = [];
  for (const port of [ports.nginx, ports.apiBalancer, ...ports.webs, ...ports.apis]) {
    if (await portAnswers(port)) taken.push(port);
  }
  if (taken.length > 0) {
    throw new Error(`port(s) ${taken.join(", ")} already in use: is a layout running? (--port moves them all)`);
  }
  if (spawnSync(options.nginx, ["-v"]).error) {
    throw new Error(`no nginx at ${options.nginx} (apt-get install nginx-light, or --nginx <path>)`);
  }
  const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts ?? {};
  // What it runs: the web, the API alone, and the migrations step when there is one.
  const outputs = ["build/index.js", "build/api/server.js", ...(scripts["db:migrate"] ? ["build/api/migrate.js"] : [])];
  if (!outputs.every((output) => existsSync(output))) {
    log("building the app (build/ is missing)…");
    const built = spawnSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (built.status !== 0) throw new Error("the build failed");
  }
  const started = Date.now();
  const emulator =
    env.APP_ENV === "local"
      ? ensureAuthEmulator({ host: env.FIREBASE_AUTH_EMULATOR_HOST, projectId: env.FIREBASE_PROJECT_ID })
      : null;
  await Promise.all([ensureDatabase(), ensureRedis()]);
  env.DATABASE_URL = databaseUrl;
  log(`PostgreSQL: ${databaseUrl.replace(/\/\/[^@/]*@/, "//…@")}`);

  if (scripts["db:migrate"]) {
    log("migrating (npm run db:migrate)…");
    const migrated = spawnSync("npm", ["run", "db:migrate"], { stdio: "inherit", env });
    if (migrated.status !== 0) throw new Error("npm run db:migrate failed");
  } else {
    log("no db:migrate script: the first API process migrates under its advisory lock");
  }
  if (emulator) stopEmulator = (await emulator).stop;

  // In order, so that nginx never sees a process that is not up yet (it would set it aside for
  // 2 s): the APIs, then nginx's balancer in front of them, the webs behind it, then the public server.
  const apis = ports.apis.map((port, index) =>
    startProcess({
      name: `api-${index + 1}`,
      command: process.execPath,
      args: serverArgs("api", env),
      env: { ...env, API_HOST: "127.0.0.1", API_PORT: String(port) },
      port,
      url: `http://127.0.0.1:${port}`,
      restart: true,
    }),
  );
  await Promise.all(apis.map((api) => waitForHealthy(api, ["/v1/health/ready", "/v1/health"])));
  const nginx = startNginx();
  // Split mode: a web opens no database and runs no jobs; it reaches the APIs through nginx's
  // balancer (ports.apiBalancer), so a web outlives the death of either API.
  const webEnv = { ...env, API_BASE_URL: `http://127.0.0.1:${ports.apiBalancer}` };
  delete webEnv.DATABASE_URL;
  webEnv.PGLITE_DIR = "/proc/wayfarer-web-has-no-database";
  const webs = ports.webs.map((port, index) =>
    startProcess({
      name: `web-${index + 1}`,
      command: process.execPath,
      args: serverArgs("web", env),
      env: { ...webEnv, PORT: String(port), HOST: "127.0.0.1" },
      port,
      url: `http://127.0.0.1:${port}`,
      restart: true,
    }),
  );
  writeLayout();
  await Promise.all(webs.map((web) => waitForHealthy(web, ["/health/ready", "/v1/health"])));
  await nginx.open();
  if (stopping) await new Promise(() => {});
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s on ${publicUrl}`);
  for (const { name, child, url } of running) log(`  ${name.padEnd(6)} pid ${String(child.pid).padEnd(8)} ${url}`);
  log(`  api balancer (nginx) http://127.0.0.1:${ports.apiBalancer}`);
  log(`logs in ${LOG_DIR}; Ctrl-C stops everything`);
} catch (error) {
  console.error(`[scale] ${error instanceof Error ? error.message : error}`);
  await stop(1);
}
