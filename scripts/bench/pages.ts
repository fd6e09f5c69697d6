// Pages side by side with the smallest Remix page (issue 12): both built, the product served as
// `npm start` serves it (server/index.mjs), the smallest page by remix-serve, then autocannon rounds that alternate
// between the two so that noise on this machine hits both. Prints a markdown table.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { DEFAULT_EMULATOR_HOST, ensureAuthEmulator } from "../emulator.mjs";
import { serverArgs } from "../server-args.mjs";
import { lighthouse } from "./lighthouse";
import { signedInCookie } from "../signed-in-session";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Past what one process can serve: how the wait is shared (server/admission.mjs). */
const OVERLOAD_CONNECTIONS = Number(process.env.BENCH_OVERLOAD_CONNECTIONS ?? 200);
const PRODUCT_PORT = 3460;
const MINIMAL_PORT = 3461;
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST;

export interface Round {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
}

export interface PageFigures {
  page: string;
  product: Round[];
  minimal: Round[];
}

export async function waitFor(url: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    const ok = await fetch(url).then(
      (answer) => answer.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function load(url: string, headers: Record<string, string> = {}, connections = CONNECTIONS): Promise<Round> {
  const result = await autocannon({ url, connections, duration: SECONDS, headers });
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
  };
}

/** The bench's signed-in visitor, checked to reach /account. */
async function benchVisitor(origin: string): Promise<string> {
  const cookie = await signedInCookie(origin, "bench");
  const account = await fetch(`${origin}/account`, { headers: { Cookie: cookie }, redirect: "manual" });
  if (account.status !== 200) throw new Error(`/account answered ${account.status} for the bench user`);
  return cookie;
}

export type LighthouseFigures = Array<{
  page: string;
  result: ReturnType<typeof lighthouse>;
  all: number[];
  /** Runs that could not measure the page, and why. */
  errors: string[];
}>;

export async function benchPages(): Promise<{
  figures: PageFigures[];
  rss: number[];
  overload: Round & { connections: number };
  lighthouse: LighthouseFigures;
}> {
  console.log("building the product and the smallest Remix page…");
  if (spawnSync("npm", ["run", "build"], { stdio: "ignore" }).status !== 0) throw new Error("npm run build failed");
  const built = spawnSync(join(process.cwd(), "node_modules/.bin/remix"), ["build"], {
    cwd: "bench/minimal-remix",
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (built.status !== 0) throw new Error("remix build failed in bench/minimal-remix");

  const emulator = await ensureAuthEmulator({ host: EMULATOR, projectId: "demo-wayfarer" });
  const dataDir = mkdtempSync(join(tmpdir(), "wayfarer-bench-"));
  // The catalog is seeded first in a process of its own, as a first `npm start` would have done
  // before: the server measured is the one a second start gives (seeding grows memory once).
  const seeded = spawnSync("npx", ["tsx", "scripts/seed.ts"], {
    stdio: "ignore",
    env: { ...process.env, PGLITE_DIR: join(dataDir, "pglite") },
  });
  if (seeded.status !== 0) throw new Error("seeding the bench database failed");
  const children: ChildProcess[] = [];
  try {
    const product = spawn(process.execPath, serverArgs(), {
      stdio: "ignore",
      env: {
        ...process.env,
        NODE_ENV: "production",
        APP_ENV: "local",
        // Logs as production writes them (JSON lines), not through the local pretty-printer's
        // worker thread (runtime/logger.mjs: CI selects JSON and changes nothing else).
        CI: "true",
        PORT: String(PRODUCT_PORT),
        PGLITE_DIR: process.env.DATABASE_URL ? undefined : join(dataDir, "pglite"),
        FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
        FIREBASE_PROJECT_ID: "demo-wayfarer",
      },
    });
    const minimal = spawn(
      process.execPath,
      [join(process.cwd(), "node_modules/.bin/remix-serve"), "./build/index.js"],
      {
        cwd: "bench/minimal-remix",
        stdio: "ignore",
        env: { ...process.env, NODE_ENV: "production", PORT: String(MINIMAL_PORT) },
      },
    );
    children.push(product, minimal);
    const origin = `http://localhost:${PRODUCT_PORT}`;
    const minimalUrl = `http://localhost:${MINIMAL_PORT}/`;
    await Promise.all([waitFor(`${origin}/v1/health`), waitFor(minimalUrl)]);

    const home = await (await fetch(`${origin}/`)).text();
    const details = /href="(\/experiences\/[^"/]+\/[^"/]+)"/.exec(home)?.[1];
    if (!details) throw new Error("no details link on /");
    const city = ((await (await fetch(`${origin}/v1/facets`)).json()) as { data: { cities: Array<{ slug: string }> } })
      .data.cities[0]?.slug;
    const cookie = await benchVisitor(origin);
    const pages: Array<[string, string, Record<string, string>]> = [
      ["/", "/", {}],
      ["details", details, {}],
      [`city (/${city})`, `/${city}`, {}],
      ["/login", "/login", {}],
      ["/account (signed in)", "/account", { Cookie: cookie }],
    ];
    // Warm both (JIT, first queries) before anything is measured.
    for (const [, path, headers] of pages) await load(`${origin}${path}`, headers);
    await load(minimalUrl);

    const figures: PageFigures[] = pages.map(([page]) => ({ page, product: [], minimal: [] }));
    const rss: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, [page, path, headers]] of pages.entries()) {
        process.stdout.write(`round ${round + 1}/${ROUNDS}: ${page}…\n`);
        figures[index].product.push(await load(`${origin}${path}`, headers));
        figures[index].minimal.push(await load(minimalUrl));
      }
      rss.push(rssMiB(product.pid!));
    }
    process.stdout.write(`overload: /account (signed in) at ${OVERLOAD_CONNECTIONS} connections…\n`);
    const overload = {
      ...(await load(`${origin}/account`, { Cookie: cookie }, OVERLOAD_CONNECTIONS)),
      connections: OVERLOAD_CONNECTIONS,
    };
    const scores: LighthouseFigures = [];
    if (process.env.BENCH_LIGHTHOUSE !== "0") {
      const storefront = origin.replace("//localhost", "//harbor.app.localhost");
      for (const [page, url] of [
        ["/", `${origin}/`],
        ["details", `${origin}${details}`],
        ["storefront", `${storefront}/`],
        ["/login", `${origin}/login`],
      ]) {
        // Three runs, the median kept: one run on a shared 2-core machine swings by 10 points.
        console.log(`lighthouse (mobile) ${page}, 3 runs…`);
        const runs = [0, 1, 2].map(() => lighthouse(url));
        const scored = runs.filter((run) => !("error" in run)) as Array<
          Extract<(typeof runs)[number], { score: number }>
        >;
        scored.sort((a, b) => a.score - b.score);
        scores.push({
          page,
          result: scored[Math.floor(scored.length / 2)] ?? runs[0],
          all: scored.map((run) => run.score),
          errors: runs.flatMap((run) => ("error" in run ? [run.error] : [])),
        });
      }
    }
    return { figures, rss, overload, lighthouse: scores };
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function pagesTable(figures: PageFigures[]): string {
  const lines = [
    "| page | product req/s | p50 / p99 ms | smallest Remix req/s | p50 / p99 ms | ratio |",
    "|---|---|---|---|---|---|",
  ];
  for (const { page, product, minimal } of figures) {
    const ratios = product.map((round, i) => round.requests / minimal[i].requests);
    const errors = product.reduce((sum, round) => sum + round.non2xx, 0);
    lines.push(
      `| ${page} | ${product.map((r) => r.requests.toFixed(0)).join(", ")} | ${median(product.map((r) => r.p50))} / ${median(product.map((r) => r.p99))} | ` +
        `${minimal.map((r) => r.requests.toFixed(0)).join(", ")} | ${median(minimal.map((r) => r.p50))} / ${median(minimal.map((r) => r.p99))} | ` +
        `**${(median(ratios) * 100).toFixed(0)} %**${errors ? ` (${errors} non-2xx)` : ""} |`,
    );
  }
  return lines.join("\n");
}
