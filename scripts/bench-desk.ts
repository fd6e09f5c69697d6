// `npm run bench:desk` (and the end of `npm run bench` when DATABASE_URL is set): the desk's
// bookings search (GET /v1/operator/bookings) on PostgreSQL with 1,000,000 bookings of one
// operator, through the API as a signed-in manager, printed as p50/p95 against the 100 ms target of
// issue 42. It works on a scratch database created beside DATABASE_URL's (`<name>_desk_bench`,
// dropped at the end), so it never touches real data. It needs the Auth emulator (the manager's
// token). DESK_BENCH_BOOKINGS changes the size; DESK_BENCH_RUNS the samples per query;
// DESK_BENCH_KEEP=1 keeps the scratch database (and reuses it next time: for EXPLAIN).
import type pg from "pg";
import { openScratchDatabase } from "./bench/scratch-database";
import { printTimings } from "./bench/timing";
import { readCommandLine } from "./cli.mjs";
import { DEFAULT_EMULATOR_HOST } from "./emulator.mjs";

readCommandLine({
  usage: `
Usage: npm run bench:desk     (tsx scripts/bench-desk.ts)

The desk's bookings search on PostgreSQL with 1,000,000 bookings of one operator (p50/p95 against
100 ms), through the API as a signed-in manager, on a scratch database <name>_desk_bench created
beside DATABASE_URL's and dropped at the end. Without DATABASE_URL it does nothing. Needs the Auth
emulator (FIREBASE_AUTH_EMULATOR_HOST, default ${DEFAULT_EMULATOR_HOST}).
DESK_BENCH_BOOKINGS, DESK_BENCH_RUNS, DESK_BENCH_KEEP=1.
  -h, --help  this text`,
});

const TARGET_MS = 100;
const size = Number(process.env.DESK_BENCH_BOOKINGS ?? 1_000_000);
const runs = Number(process.env.DESK_BENCH_RUNS ?? 100);
const holders = Math.max(1, Math.floor(size / 5));

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.log("desk search at scale: skipped (set DATABASE_URL: the target is for PostgreSQL)");
  process.exit(0);
}
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_EMULATOR_HOST;
process.env.FIREBASE_PROJECT_ID ??= "demo-wayfarer";

const scratch = await openScratchDatabase(baseUrl, "desk_bench", process.env.DESK_BENCH_KEEP === "1");

/** A manager of the operator: an Auth emulator account, its user row and its membership. */
async function signedInManager(rows: (statement: string, values?: unknown[]) => Promise<unknown>) {
  const answer = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email: `desk-${Date.now()}@example.com`,
        password: "desk-bench-1",
        returnSecureToken: true,
      }),
    },
  );
  if (!answer.ok) throw new Error(`the Auth emulator answered ${answer.status}: is it running?`);
  const { idToken, localId, email } = (await answer.json()) as { idToken: string; localId: string; email: string };
  await rows(
    `insert into users (id, email, first_name, last_name, sign_in_method) values ($1, $2, 'Desk', 'Manager', 'password')`,
    [localId, email],
  );
  await rows(
    `insert into operator_members (account_id, user_id, role) select id, $1, 'manager' from accounts where slug = 'acme'`,
    [localId],
  );
  return { idToken, userId: localId };
}

const FIRST = ["Ana", "Ben", "Chloe", "Diego", "Emma", "Farid", "Grace", "Hiro", "Ines", "Jon", "Kofi", "Lena"];
const LAST = ["Ortega", "Smith", "Nguyen", "Garcia", "Kowalski", "Okafor", "Rossi", "Tanaka", "Muller", "Silva"];
const sqlArray = (words: string[]) => `array[${words.map((word) => `'${word}'`).join(",")}]`;

try {
  const { app } = await import("../api/app");
  const { getDb, closeDb } = await import("../api/db/client");
  const { sql } = await import("drizzle-orm");
  const db = await getDb();
  const run = (statement: string, values: unknown[] = []) =>
    (db as unknown as { $client: pg.Pool }).$client.query(statement, values) as Promise<{
      rows: Record<string, unknown>[];
    }>;
  const count = async (statement: string) => Number((await run(statement)).rows[0].n);

  const started = performance.now();
  if ((await count(`select count(*) as n from bookings where id like 'bk_bench%'`)) < size) {
    // Two years of daily departures back and two months ahead for each of the operator's services,
    // then `size` bookings spread over them, each made up to 45 days before its departure (one in
    // ten taken by the team for a guest without an account), held by `size / 5` travellers,
    // bulk-loaded as an import would be (the search index built once the rows are in).
    await run(`
      insert into slots (id, service_id, starts_at, ends_at, capacity, seats_taken, status)
      select 'slbench_' || s.id || '_' || d, s.id,
        date_trunc('day', now()) + make_interval(days => d, hours => 9),
        date_trunc('day', now()) + make_interval(days => d, hours => 11), 100000, 0, 'open'
      from services s join experiences e on e.id = s.experience_id join accounts a on a.id = e.account_id
      cross join generate_series(-730, 60) d
      where a.slug = 'acme'
      on conflict do nothing`);
    await run(`
      insert into users (id, email, first_name, last_name, phone, sign_in_method)
      select 'bench-holder-' || g, 'holder' || g || '@example.com',
        (${sqlArray(FIRST)})[1 + g % ${FIRST.length}], (${sqlArray(LAST)})[1 + (g / 7) % ${LAST.length}] || (g % 1000),
        '+1' || (2000000000 + g)::text, 'password'
      from generate_series(1, ${holders}) g
      on conflict do nothing`);
    const serviceRows = await run(`
      select se.id, se.experience_id from services se join experiences e on e.id = se.experience_id
      join accounts a on a.id = e.account_id where a.slug = 'acme' order by se.id`);
    await run(`create temporary table bench_services as
      select * from (values ${serviceRows.rows
        .map((row, i) => `(${i}, '${row.id}', '${row.experience_id}')`)
        .join(",")}) v(i, id, experience_id)`);
    const [{ id: accountId, currency }] = (await run(`select id, currency from accounts where slug = 'acme'`))
      .rows as Array<{ id: string; currency: string }>;
    const [{ id: takerId }] = (
      await run(
        `select user_id as id from operator_members om join accounts a on a.id = om.account_id where a.slug = 'acme' limit 1`,
      )
    ).rows as Array<{ id: string }>;
    await run(`drop index bookings_search_text_trgm_idx`);
    await run(
      `
      insert into bookings (id, user_id, account_id, experience_id, service_id, slot_id, status, tickets, seats,
        subtotal_minor, discount_minor, fees_minor, tax_minor, total_minor, currency, idempotency_key, origin,
        payment_status, created_at, updated_at, confirmed_at, guest_name, guest_email, guest_phone, taken_by_user_id,
        staff_payment)
      select 'bk_bench' || lpad(g::text, 11, '0'),
        case when g % 10 = 0 then null else 'bench-holder-' || (1 + (g::bigint * 7919) % ${holders}) end,
        $1, s.experience_id, s.id,
        -- Booked up to 45 days before its departure (two years of bookings, a minute apart).
        'slbench_' || s.id || '_' || least(60, 1 - ceil((${size} - g) / 1440.0)::int + g % 45),
        case when g % 20 = 0 then 'cancelled' else 'confirmed' end,
        '[]'::jsonb, 2, 9000, 0, 0, 0, 9000, $2, 'bench-key-' || g, 'http://localhost:3000',
        case when g % 20 = 0 then 'refunded' else 'paid' end,
        now() - make_interval(secs => (${size} - g) * 60), now(), now(),
        case when g % 10 = 0 then (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + g % ${LAST.length}] end,
        case when g % 10 = 0 then 'walkin' || g || '@example.com' end,
        case when g % 10 = 0 then '+1' || (3000000000 + g)::text end,
        case when g % 10 = 0 then $3 end,
        case when g % 10 = 0 then 'cash' end
      from generate_series(1, ${size}) g
      join bench_services s on s.i = g % ${serviceRows.rows.length}
      on conflict do nothing`,
      [accountId, currency, takerId],
    );
    // The index as migration 0048 makes it.
    await run(`create index bookings_search_text_trgm_idx on bookings using gin (search_text gin_trgm_ops)`);
    await db.execute(sql`vacuum analyze`);
  }
  // Statistics as autovacuum keeps them (also after a migration that rewrote a column of the kept data).
  await run(`analyze bookings`);
  await run(`analyze users`);
  const manager = await signedInManager(run);
  const [{ n: inAll }] = (
    await run(`select count(*)::int as n from bookings b join accounts a on a.id = b.account_id where a.slug = 'acme'`)
  ).rows as Array<{ n: number }>;
  console.log(
    `\n## The desk's bookings search, PostgreSQL: ${inAll} bookings of one operator, ${holders} travellers ` +
      `(built in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );

  const sample = (
    await run(
      `select id, ticket_code, booking_reference(id) as reference from bookings where id = 'bk_bench' || lpad('${Math.floor(size / 2)}', 11, '0')`,
    )
  ).rows[0] as {
    id: string;
    ticket_code: string;
    reference: string;
  };
  const call = (query: string) => async () =>
    app.fetch(
      new Request(`http://bench.local/v1/operator/bookings${query}`, {
        headers: { Authorization: `Bearer ${manager.idToken}`, "X-Account-Context": "acme" },
      }),
    );
  const first = (await (await call("")()).json()) as { data: { nextCursor: string | null } };
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const queries: Array<[string, string]> = [
    ["first page, newest booked first", ""],
    ["next page (cursor)", `?cursor=${first.data.nextCursor}`],
    ["by departure, soonest first", "?sort=departure_asc"],
    ["a last name (one traveller in 10,000)", "?q=ortega7"],
    ["a common first name (one in 12)", "?q=chloe"],
    ["a guest's email", `?q=holder${Math.floor(holders / 3)}%40example.com`],
    [
      "a phone's digits",
      `?q=${encodeURIComponent(`(${String(2000000000 + Math.floor(holders / 4)).slice(0, 3)}) ${String(2000000000 + Math.floor(holders / 4)).slice(3, 6)}-${String(2000000000 + Math.floor(holders / 4)).slice(6)}`)}`,
    ],
    ["a reference", `?q=${sample.reference}`],
    ["a ticket code", `?q=${sample.ticket_code}`],
    ["departures of the last week", `?from=${weekAgo}&to=${today}`],
    ["cancelled, taken by the team", "?status=cancelled&channel=staff"],
    ["a name and a date range", `?q=ortega&from=${weekAgo}&to=${today}`],
  ];
  await printTimings(
    TARGET_MS,
    runs,
    queries.map(([label, query]) => [label, call(query)]),
  );
  await closeDb();
} finally {
  await scratch.close();
}
process.exit(0);
