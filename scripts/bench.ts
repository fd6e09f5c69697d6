// `npm run bench`: figures, printed. Pages side by side with the smallest Remix page (requests/s,
// p50/p99, ratio, RSS, Lighthouse mobile; scripts/bench/pages.ts), the gzip size of the client JS
// each page loads, catalog query latency through the in-process API on a fresh database, and (with
// DATABASE_URL) the catalog at 10,000 experiences (scripts/bench-catalog.ts) and the desk's bookings
// search at 1,000,000 bookings (scripts/bench-desk.ts).
// BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_OVERLOAD_CONNECTIONS (200: signed-in
// /account past what one process serves), BENCH_LIGHTHOUSE=0 tune it; with DATABASE_URL the
// product runs on PostgreSQL.
import { readCommandLine } from "./cli.mjs";
import { benchPages, pagesTable } from "./bench/pages";
import { LIGHTHOUSE_VERSION } from "./bench/lighthouse";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { initialJs, readClientManifest } from "./client-js";
import { percentile, timeRequests } from "./bench/timing";

readCommandLine({
  usage: `
Usage: npm run bench     (tsx scripts/bench.ts)

Measures the built app and prints the figures: pages beside the smallest Remix page (requests/s,
p50/p99, RSS, Lighthouse), the client JS each page loads, catalog query latency on a fresh database
(PGlite in memory, or DATABASE_URL), and with DATABASE_URL the catalog at 10,000 experiences and
the desk's bookings search at 1,000,000 bookings.
Tuned by BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_OVERLOAD_CONNECTIONS, BENCH_LIGHTHOUSE=0.
  -h, --help  this text`,
});

process.env.PGLITE_DIR ??= "memory://";
process.env.SEED_ON_START ??= "true";

async function time(label: string, runs: number, request: () => Promise<Response>) {
  const samples = await timeRequests(label, runs, request);
  console.log(
    `${label.padEnd(48)} p50 ${percentile(samples, 50).toFixed(2)} ms   p95 ${percentile(samples, 95).toFixed(2)} ms   (${runs} runs)`,
  );
}

async function apiBench() {
  // Query latency alone: no job runner polling the same database in this process.
  process.env.JOBS_ENABLED = "false";
  const { app } = await import("../api/app");
  const { getDb } = await import("../api/db/client");
  const opened = performance.now();
  await getDb();
  console.log(
    `database open + migrate + seed: ${(performance.now() - opened).toFixed(0)} ms (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
  );
  const get = async (path: string, headers: Record<string, string> = {}) =>
    app.fetch(new Request(`http://bench.local${path}`, { headers }));
  await time("GET /v1/experiences (first page)", 200, () => get("/v1/experiences"));
  await time("GET /v1/experiences?q=tour&sort=price_asc", 200, () => get("/v1/experiences?q=tour&sort=price_asc"));
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await time(`GET /v1/experiences?date=${tomorrow}`, 200, () => get(`/v1/experiences?date=${tomorrow}`));
  await time("GET /v1/facets (account acme)", 200, () => get("/v1/facets", { "X-Account-Context": "acme" }));

  // Availability for a 42-day window on a service with thousands of slots (a departure every
  // 30 minutes from 06:00 to 22:00 for a year: about 12,000 slots).
  const db = await getDb();
  const { sql } = await import("drizzle-orm");
  const first = (await (await get("/v1/experiences?pageSize=1")).json()).data.items[0];
  await db.execute(sql`
    insert into slots (id, service_id, starts_at, ends_at, capacity, seats_taken)
    select ${first.firstServiceId} || '-bench-' || to_char(t, 'YYYYMMDDHH24MI'), ${first.firstServiceId}, t, t + interval '90 minutes', 20, (extract(minute from t)::int / 3)
    from generate_series(date_trunc('day', now()) + interval '6 hours', date_trunc('day', now()) + interval '365 days', interval '30 minutes') as t
    where extract(hour from t) between 6 and 21
    on conflict do nothing`);
  const count = await db.execute(sql`select count(*)::int as n from slots where service_id = ${first.firstServiceId}`);
  const rows = (count as unknown as { rows: Array<{ n: number }> }).rows;
  console.log(`service ${first.firstServiceId}: ${rows[0].n} slots`);
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 41 * 86_400_000).toISOString().slice(0, 10);
  await time("availability, 42-day window", 200, () =>
    get(`/v1/experiences/${first.id}/services/${first.firstServiceId}/availability?from=${from}&to=${to}`),
  );
}

function bundleBench() {
  const manifest = readClientManifest();
  if (!manifest) {
    console.log("client JS: no build found (run `npm run build` first)");
    return;
  }
  const pages: Record<string, string> = {
    "/ (catalog)": "routes/_home._index",
    "/experiences/:parentId/:serviceId": "routes/_details.experiences.$parentId.$serviceId._index",
    "/login": "routes/_login.login",
    "/account": "routes/_account.account._index",
    "/account/personal-info": "routes/_default.account.personal-info",
  };
  for (const [page, id] of Object.entries(pages)) {
    if (manifest.routes[id])
      console.log(
        `client JS gzip before interactive ${page.padEnd(40)} ${(initialJs(manifest, id).gzipBytes / 1024).toFixed(1)} KiB`,
      );
  }
  const dir = "public/build/_shared";
  const gz = (name: string) => gzipSync(readFileSync(join(dir, name))).length;
  for (const [label, pattern] of [
    ["Firebase Auth (sign-in pages, on first use)", /^firebase-auth\.client/],
    ["availability calendar (details, after load)", /^availability-calendar/],
  ] as const) {
    for (const name of readdirSync(dir).filter((file) => pattern.test(file)))
      console.log(`lazy chunk: ${label.padEnd(46)} ${(gz(name) / 1024).toFixed(1)} KiB`);
  }
  // Form validation is the parser's chunk, zod's, the contract's field rules and each form's schemas.
  const metafile = JSON.parse(readFileSync("build/metafile.js.json", "utf8")) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const validation = Object.entries(metafile.outputs)
    .filter(([, output]) =>
      Object.keys(output.inputs).some((input) =>
        /^(app\/platform\/parse-with-zod\.ts|node_modules\/zod\/|contract\/fields\.ts|app\/features\/.*-schemas?\.ts)/.test(
          input,
        ),
      ),
    )
    .reduce((sum, [file]) => sum + gzipSync(readFileSync(file)).length, 0);
  console.log(
    `lazy chunks: ${"form validation (form pages, after load)".padEnd(45)} ${(validation / 1024).toFixed(1)} KiB`,
  );
}

const { figures, rss, overload, lighthouse } = await benchPages();
console.log(
  `\n## Pages, ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"} (${new Date().toISOString().slice(0, 16)}Z)\n`,
);
console.log(pagesTable(figures));
console.log(`\nserver RSS after each round: ${rss.map((mib) => `${mib.toFixed(0)} MiB`).join(", ")}`);
console.log(
  `overload, /account (signed in) at ${overload.connections} connections: ${overload.requests.toFixed(0)} req/s, ` +
    `p50 ${overload.p50} ms, p99 ${overload.p99} ms, slowest ${overload.max} ms${overload.non2xx ? ` (${overload.non2xx} non-2xx)` : ""}`,
);
for (const { page, result, all, errors } of lighthouse) {
  console.log(
    "error" in result
      ? `Lighthouse ${LIGHTHOUSE_VERSION} mobile ${page}: could not run (${result.error})`
      : `Lighthouse ${LIGHTHOUSE_VERSION} mobile ${page}: performance ${result.score} (median of ${all.join(", ")}; FCP ${result.fcp} ms, LCP ${result.lcp} ms, TBT ${result.tbt} ms, CLS ${result.cls}), SEO ${result.seo}, accessibility ${result.accessibility}${result.failed.length > 0 ? ` (failing: ${result.failed.join(", ")})` : ""}`,
  );
  for (const error of "error" in result ? [] : errors) console.log(`  a run that could not measure: ${error}`);
}
console.log("");
bundleBench();
await apiBench();
// The catalog with 10,000 experiences, on a scratch PostgreSQL database (skipped without one).
spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-catalog.ts"], { stdio: "inherit" });
// The desk's bookings search with 1,000,000 bookings, likewise.
spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-desk.ts"], { stdio: "inherit" });
process.exit(0);
