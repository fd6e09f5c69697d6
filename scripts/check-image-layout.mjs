// `node scripts/check-image-layout.mjs`: what the Dockerfile's runtime stage does, done in a
// temporary directory (Docker does not run on our machines): its COPY lines, its `npm ci --omit=dev`,
// its ENV, then the commands a person runs in the image (`npm run db:migrate`, `admin`, `rates`) and
// the image's two commands (the web: the Dockerfile's CMD; the API alone: compose.yaml's api1
// command) started from there, each answering its health path. Needs `npm run build` first.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { emulatorEnv } from "./emulator.mjs";

const usage = `Usage: node scripts/check-image-layout.mjs [options]

Rebuilds the Dockerfile's runtime stage in a temporary directory (COPY, npm ci --omit=dev, ENV), runs
npm run db:migrate, admin and rates -- --help there and admin list-operators on an in-memory database, starts
the API and the web from it (the web in split mode, the API on an in-memory database, the Auth emulator
on FIREBASE_AUTH_EMULATOR_HOST or 127.0.0.1:9099), and checks their health paths. Needs a build
(npm run build). Changes nothing in the repository.

Options:
  --keep      keep the temporary directory
  --help      show this and exit`;

/** The runtime stage's instructions: [{ op, args }] with continuation lines joined. */
export function runtimeStage(dockerfile) {
  const lines = dockerfile.replace(/\\\n/g, " ").split("\n");
  const start = lines.findIndex((line) => /^FROM\s+\S+\s+AS\s+runtime\b/i.test(line));
  if (start < 0) throw new Error("The Dockerfile has no `FROM … AS runtime` stage");
  const stage = [];
  for (const line of lines.slice(start + 1)) {
    if (/^FROM\s/i.test(line)) break;
    const match = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (match) stage.push({ op: match[1], args: match[2].trim() });
  }
  return stage;
}

/** A COPY's sources (repository paths: a build-stage path /app/x is x) and its destination. */
function copyOf(args) {
  const words = args.split(/\s+/);
  const fromStage = words.some((word) => word.startsWith("--from="));
  const paths = words.filter((word) => !word.startsWith("--"));
  const destination = paths.pop();
  return { sources: paths.map((path) => (fromStage ? path.replace(/^\/app\//, "") : path)), destination };
}

/** `dir/*.ext` or a plain path, as the files it names. */
function expand(source) {
  const star = /^(.*)\/\*(\.[\w]+)$/.exec(source);
  if (!star) return [source];
  return readdirSync(star[1])
    .filter((name) => name.endsWith(star[2]))
    .map((name) => `${star[1]}/${name}`);
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function answer(url, deadline, children = []) {
  let last = "no answer";
  while (Date.now() < deadline) {
    const exited = children.find((child) => child.exitCode !== null);
    if (exited) throw new Error(`${exited.name} exited (${exited.exitCode}) before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return response;
      last = `${response.status} ${(await response.text()).slice(0, 400)}`;
      if (response.status === 404) return response;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 in time (last: ${last})`);
}

async function main() {
  const { values } = parseArgs({
    options: { keep: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  for (const output of ["build/index.js", "build/api/server.js", "public/build"]) {
    if (!existsSync(output)) throw new Error(`${output} is missing: run npm run build first`);
  }
  const stage = runtimeStage(readFileSync("Dockerfile", "utf8"));
  const compose = parseYaml(readFileSync("compose.yaml", "utf8"), { merge: true });
  const apiCommand = compose.services.api1.command;
  const apiHealth = /\/v1\/health\/\w+/.exec(compose.services.api1.healthcheck.test.join(" "))[0];
  const healthcheck = stage.find((step) => step.op === "HEALTHCHECK")?.args ?? "";
  const webHealth = /\/health\/\w+/.exec(healthcheck)?.[0];
  const cmd = JSON.parse(stage.find((step) => step.op === "CMD").args);
  const root = mkdtempSync(join(tmpdir(), "image-layout-"));
  const env = { ...process.env };
  const children = [];
  const timings = {};
  try {
    for (const { op, args } of stage) {
      if (op === "ENV") {
        for (const [, name, value] of args.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name] = value;
      } else if (op === "COPY") {
        const { sources, destination } = copyOf(args);
        for (const source of sources.flatMap(expand)) {
          const target = destination.endsWith("/")
            ? join(root, destination, source.split("/").pop())
            : join(root, destination === "." || destination === "./" ? source : destination);
          mkdirSync(dirname(target), { recursive: true });
          cpSync(source, target, { recursive: true });
        }
      } else if (op === "RUN") {
        const install = args
          .split("&&")
          .map((part) => part.trim())
          .find((part) => part.startsWith("npm ci"));
        if (!install) continue; // npm itself, the cache: nothing the layout depends on
        const started = Date.now();
        const result = spawnSync("sh", ["-c", install], { cwd: root, stdio: "inherit", env });
        timings.install = Date.now() - started;
        if (result.status !== 0) throw new Error(`${install} failed`);
      }
    }
    // Tools, and what only the browser runs (the Firebase web SDK is in the client bundle already).
    // Not TypeScript: an optional peer of @remix-run/node, react and serve, npm keeps it with
    // --omit=dev (devOptional) unless optional packages go too, and those hold sharp's binary.
    for (const devOnly of ["vitest", "@remix-run/dev", "esbuild", "firebase-tools", "vite", "firebase"]) {
      if (existsSync(join(root, "node_modules", devOnly))) throw new Error(`${devOnly} (development) is installed`);
    }

    // The commands a person runs in the image (compose.yaml's migrate service, docs/deploy.md's first
    // steps): their scripts must not need a development dependency (tsx, TypeScript sources). --help
    // changes nothing and needs no setting; list-operators opens a database (in memory, migrated).
    const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const npmRun = (script, args, runWith) => {
      const started = Date.now();
      const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
        cwd: root,
        env: runWith,
        encoding: "utf8",
      });
      const command = `npm run ${script} -- ${args.join(" ")}`;
      if (run.status !== 0) throw new Error(`${command} failed in the image (exit ${run.status}):\n${run.stderr}`);
      console.log(`✔ ${command} runs with production dependencies (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return run.stdout;
    };
    for (const script of ["db:migrate", "admin", "rates"]) {
      if (scripts[script]) npmRun(script, ["--help"], env);
      else console.log(`· no ${script} script yet: not checked`);
    }

    // The image's commands, from the temporary directory. Local identity (the Auth emulator): the
    // check is about the files; production settings are refused without real services.
    const [apiPort, webPort] = [await freePort(), await freePort()];
    const runEnv = {
      ...env,
      APP_ENV: "local",
      ...emulatorEnv(),
      PGLITE_DIR: "memory://",
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
    };
    if (scripts.admin) {
      const listed = npmRun("admin", ["list-operators"], runEnv);
      if (!/No operators yet/.test(listed)) throw new Error(`admin list-operators printed:\n${listed}`);
    }
    const start = (name, command, extra) => {
      const child = spawn(command[0] === "node" ? process.execPath : command[0], command.slice(1), {
        cwd: root,
        env: { ...runEnv, ...extra },
        stdio: ["ignore", "inherit", "inherit"],
      });
      child.name = name;
      children.push(child);
    };
    let started = Date.now();
    start("api", apiCommand, { API_HOST: "127.0.0.1", API_PORT: String(apiPort) });
    const deadline = Date.now() + 90_000;
    const checks = [];
    const check = async (what, url, fallback) => {
      const response = await answer(url, deadline, children);
      if (response.status === 404 && fallback) {
        const live = await answer(fallback, deadline, children);
        if (live.status !== 200) throw new Error(`${fallback} answered ${live.status}`);
        checks.push(`${what}: ${new URL(url).pathname} not served yet (404), ${new URL(fallback).pathname} 200`);
        return;
      }
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      checks.push(`${what}: ${new URL(url).pathname} 200`);
    };
    await check("API", `http://127.0.0.1:${apiPort}${apiHealth}`, `http://127.0.0.1:${apiPort}/v1/health`);
    timings.api = Date.now() - started;
    started = Date.now();
    start("web", cmd, { PORT: String(webPort), API_BASE_URL: `http://127.0.0.1:${apiPort}` });
    await check("web", `http://127.0.0.1:${webPort}${webHealth}`, `http://127.0.0.1:${webPort}/v1/health`);
    timings.web = Date.now() - started;
    await check("web page", `http://localhost:${webPort}/`);
    await check("API through the web", `http://localhost:${webPort}/v1/experiences?pageSize=1`);
    for (const line of checks) console.log(`✔ ${line}`);
    const megabytes = (path) => Number(spawnSync("du", ["-sm", path], { encoding: "utf8" }).stdout.split("\t")[0]);
    console.log(
      `image layout: ${megabytes(root)} MB on disk (node_modules ${megabytes(join(root, "node_modules"))} MB), ` +
        `npm ci --omit=dev ${(timings.install / 1000).toFixed(1)} s, ` +
        `API ready ${(timings.api / 1000).toFixed(1)} s, web ready ${(timings.web / 1000).toFixed(1)} s` +
        (values.keep ? ` (kept: ${root})` : ""),
    );
    return 0;
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.on("exit", r)) : 0)));
    if (!values.keep) rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main().catch((error) => {
    console.error(`✖ ${error.message}`);
    return 1;
  });
}
