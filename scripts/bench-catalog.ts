// `npm run bench:catalog` (and the end of `npm run bench` when DATABASE_URL is set): the catalog's
// queries on PostgreSQL with 10,000 experiences, through the API (GET /v1/experiences), printed as
// p50/p95 against the 20 ms target of issue 14. It works on a scratch database created beside
// DATABASE_URL's (`<name>_catalog_bench`, dropped at the end), so it never touches real data.
// CATALOG_BENCH_EXPERIENCES changes the size; CATALOG_BENCH_RUNS the samples per query;
// CATALOG_BENCH_KEEP=1 keeps the scratch database (and reuses it next time: for EXPLAIN).
import { openScratchDatabase } from "./bench/scratch-database";
import { printTimings } from "./bench/timing";
import { readCommandLine } from "./cli.mjs";

readCommandLine({
  usage: `
Usage: npm run bench:catalog     (tsx scripts/bench-catalog.ts)

The catalog's queries on PostgreSQL with 10,000 experiences (p50/p95 against 20 ms), on a scratch
database <name>_catalog_bench created beside DATABASE_URL's and dropped at the end. Without
DATABASE_URL it does nothing. CATALOG_BENCH_EXPERIENCES, CATALOG_BENCH_RUNS, CATALOG_BENCH_KEEP=1.
  -h, --help  this text`,
});

const TARGET_MS = 20;
const size = Number(process.env.CATALOG_BENCH_EXPERIENCES ?? 10_000);
const runs = Number(process.env.CATALOG_BENCH_RUNS ?? 200);

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.log("catalog at scale: skipped (set DATABASE_URL: the target is for PostgreSQL)");
  process.exit(0);
}

const scratch = await openScratchDatabase(baseUrl, "catalog_bench", process.env.CATALOG_BENCH_KEEP === "1");

try {
  const { app } = await import("../api/app");
  const { getDb, closeDb } = await import("../api/db/client");
  const { sql } = await import("drizzle-orm");
  const db = await getDb();

  // Copies of the seed catalog (experiences, services, tickets, the next 30 days of departures)
  // until there are `size` experiences; titles get a number so searches still discriminate. They
  // are bulk-loaded as an import would be: the triggers that keep each card's figures are off
  // while they go in (the copies carry the figures of their original, prices shifted like their
  // tickets), so the tables are as compact as a catalog that grew over time and was vacuumed.
  const started = performance.now();
  const rowsOf = async <T>(statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  const [{ n: seeded }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from experiences`);
  const copies = seeded >= size ? 0 : Math.max(0, Math.ceil(size / seeded) - 1);
  const triggers = (state: "disable" | "enable") =>
    Promise.all(
      ["services", "ticket_types", "slots"].map((table) =>
        db.execute(sql.raw(`alter table ${table} ${state} trigger user`)),
      ),
    );
  await triggers("disable");
  await db.execute(sql`
    insert into experiences (id, account_id, title, summary, description, category_slug, category_name,
      city_slug, city_name, images, included, meeting_point, cancellation_policy, price_from, price_usd,
      per_adult, duration_minutes, first_service_id, demand_percent, published_at, languages, country_code)
    select e.id || '-c' || g, e.account_id, e.title || ' ' || g, e.summary, e.description, e.category_slug,
      e.category_name, e.city_slug, e.city_name, e.images, e.included, e.meeting_point, e.cancellation_policy,
      e.price_from + g % 500, usd_cents(e.price_from + g % 500, a.currency), e.per_adult, e.duration_minutes,
      e.first_service_id || '-c' || g, e.demand_percent, e.published_at, e.languages, e.country_code
    from experiences e join accounts a on a.id = e.account_id cross join generate_series(1, ${copies}) g`);
  await db.execute(sql`
    insert into services (id, experience_id, name, description, duration_minutes, capacity, sort_order)
    select s.id || '-c' || g, s.experience_id || '-c' || g, s.name, s.description, s.duration_minutes, s.capacity, s.sort_order
    from services s cross join generate_series(1, ${copies}) g where s.id not like '%-c%'`);
  await db.execute(sql`
    insert into ticket_types (id, service_id, code, name, price_minor, sort_order)
    select t.id || '-c' || g, t.service_id || '-c' || g, t.code, t.name, t.price_minor + g % 500, t.sort_order
    from ticket_types t cross join generate_series(1, ${copies}) g where t.id not like '%-c%'`);
  await db.execute(sql`
    insert into slots (id, service_id, starts_at, ends_at, capacity, seats_taken)
    select s.id || '-c' || g, s.service_id || '-c' || g, s.starts_at, s.ends_at, s.capacity, s.seats_taken
    from slots s cross join generate_series(1, ${copies}) g
    where s.id not like '%-c%' and s.starts_at < now() + interval '30 days'`);
  await db.execute(sql`
    insert into departure_days (day, experience_id, last_open_start)
    select d.day, d.experience_id || '-c' || g, d.last_open_start
    from departure_days d cross join generate_series(1, ${copies}) g
    where d.experience_id not like '%-c%' and d.day < (now() + interval '30 days')::date`);
  await triggers("enable");
  // As autovacuum would have left it after such a load (dead row versions from the triggers gone).
  await db.execute(sql`vacuum analyze`);
  const [counts] = await rowsOf<Record<string, number>>(sql`select
      (select count(*)::int from experiences) as experiences,
      (select count(*)::int from services) as services,
      (select count(*)::int from ticket_types) as tickets,
      (select count(*)::int from slots) as slots`);
  console.log(
    `\n## Catalog at scale, PostgreSQL: ${counts.experiences} experiences, ${counts.services} services, ` +
      `${counts.tickets} ticket types, ${counts.slots} departures (built in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const queries = [
    "/v1/experiences",
    "/v1/experiences?page=40",
    "/v1/experiences?sort=price_asc",
    "/v1/experiences?sort=title",
    "/v1/experiences?minPrice=2000&maxPrice=6000",
    "/v1/experiences?city=lisbon",
    "/v1/experiences?category=food-drink",
    "/v1/experiences?operator=acme",
    "/v1/experiences?q=kayaks",
    "/v1/experiences?q=kayack",
    "/v1/experiences?q=sunset%20sail&sort=price_desc",
    `/v1/experiences?date=${tomorrow}`,
    `/v1/experiences?city=barcelona&date=${tomorrow}&sort=price_asc`,
  ];
  await printTimings(
    TARGET_MS,
    runs,
    queries.map((path) => [
      `\`${path.replace("/v1/experiences", "") || "(first page)"}\``,
      async () => app.fetch(new Request(`http://bench.local${path}`)),
    ]),
  );
  await closeDb();
} finally {
  await scratch.close();
}
process.exit(0);
