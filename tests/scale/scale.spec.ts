/**
 * The product on several processes (playwright.scale.config.ts starts `npm run scale:local`):
 * nginx in front of two webs, the webs in front of two APIs (through nginx's balancer), one
 * PostgreSQL and one Redis. Each test prints its figures as a JSON line ({"scale": …}).
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  bookableDeparture,
  bookingGuest,
  cachedSeatsShown,
  placeBooking,
  waitForSeatsShown,
  type Departure,
} from "../build/booking-over-http";
import { signIn } from "../e2e/booking-helpers";
import { expect, test } from "../e2e/guarded-test";
import { apis, closeDatabase, database, figure, layout, pollUntil, processNamed, webs } from "./layout";

test.describe.configure({ mode: "serial" });

let NGINX: string | undefined;
/** nginx's address (read once: the layout file is rewritten when a process restarts). */
const nginx = () => (NGINX ??= layout().url.replace("localhost", "127.0.0.1"));

/** A departure's seats as the database keeps them (seats_taken) and as its held and confirmed bookings add up. */
async function seatCounts(slotId: string): Promise<{ taken: number; booked: number }> {
  const {
    rows: [counts],
  } = await database().query<{ taken: number; booked: number }>(
    `select s.seats_taken as taken,
            (select coalesce(sum(b.seats), 0)::int from bookings b
              where b.slot_id = s.id and b.status in ('held', 'confirmed')) as booked
     from slots s where s.id = $1`,
    [slotId],
  );
  return counts;
}

/** `npm run admin -- reconcile-ledger` on the layout's database, as an operator of the platform runs it. */
function reconcileLedgerCommand(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/admin.mjs", "reconcile-ledger"],
      {
        env: {
          ...process.env,
          NODE_ENV: "production",
          APP_ENV: "local",
          DATABASE_URL: layout().databaseUrl,
          REDIS_URL: "",
          LOG_LEVEL: "warn",
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Set up first, checked last: a hold whose time ran out, for the scheduled due work to find. */
let lapsed: { bookingId: string; since: Date };

test.beforeAll(async () => {
  const departure = await bookableDeparture(nginx());
  const token = await bookingGuest(nginx(), departure.operator);
  const answer = await placeBooking(nginx(), token, departure, 1);
  expect(answer.status).toBe(201);
  const bookingId = ((await answer.json()) as { data: { booking: { id: string } } }).data.booking.id;
  const since = new Date();
  await database().query(
    "update bookings set hold_expires_at = now() - interval '1 second' where id = $1 and status = 'held'",
    [bookingId],
  );
  lapsed = { bookingId, since };
});

test.afterAll(() => closeDatabase());

test("nginx sends requests round robin to both webs, and the webs to both APIs", async () => {
  const probe = randomUUID();
  for (let i = 0; i < 8; i++) expect((await fetch(`${nginx()}/v1/health?probe=${probe}`)).status).toBe(200);
  // Both of nginx's servers log to one access log: the public one's upstream is a web, the balancer's an API.
  // nginx writes a line once its answer is sent, so the last may land a moment after the client has it.
  const servedNow = () =>
    readFileSync(join(layout().logs, "nginx-access.log"), "utf8")
      .split("\n")
      .filter((line) => line.includes(probe))
      .map((line) => Number(/upstream=127\.0\.0\.1:(\d+)/.exec(line)?.[1]));
  let served = servedNow();
  for (let waited = 0; served.length < 16 && waited < 3_000; waited += 100) {
    await sleep(100);
    served = servedNow();
  }
  const count = (port: number) => served.filter((candidate) => candidate === port).length;
  const perProcess = Object.fromEntries([...webs(), ...apis()].map((each) => [each.name, count(each.port)]));
  figure("round-robin", perProcess);
  for (const each of [...webs(), ...apis()]) expect(perProcess[each.name], each.name).toBe(4);
});

test("a session opened through nginx is the same session on every web process", async ({ page }) => {
  const user = await signIn(page, page.request);
  for (const web of webs()) {
    const own = `http://localhost:${web.port}`;
    await page.goto(`${own}/`);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    const personal = await page.request.get(`${own}/account/personal-info`, { maxRedirects: 0 });
    expect(personal.status(), `${web.name} answers the signed-in page`).toBe(200);
    expect(await personal.text()).toContain(user.email);
  }
  figure("session", { signedInOn: webs().map((web) => web.name) });
});

test("a booking race across every process never oversells: exactly the seats left are booked", async () => {
  const SEATS_LEFT = 5;
  const ATTEMPTS = 60;
  // A departure of its own, 12 seats of which 7 are taken, ten days away.
  const found = await bookableDeparture(nginx());
  const slot = { id: `scale-race-${Date.now().toString(36)}`, capacity: 12 };
  await database().query(
    `insert into slots (id, service_id, starts_at, ends_at, capacity, seats_taken)
     values ($1, $2, date_trunc('second', now()) + interval '10 days 7 seconds',
             date_trunc('second', now()) + interval '10 days 97 minutes', $3::int, $3::int - $4::int)`,
    [slot.id, found.serviceId, slot.capacity, SEATS_LEFT],
  );
  const departure: Departure = { ...found, slotId: slot.id };
  // Every entry point takes part: nginx, each web on its own port, each API on its own.
  const entries = [nginx(), ...webs().map((web) => web.url), ...apis().map((api) => api.url)];
  const tokens = await guestsSignedIn(ATTEMPTS, entries, departure.operator);
  const started = performance.now();
  const results = await Promise.all(
    tokens.map(async (token, index) => {
      const entry = entries[index % entries.length];
      const answer = await placeBooking(entry, token, departure, 1);
      const body = (await answer.json()) as { error?: { code: string } };
      return { entry, status: answer.status, code: body.error?.code };
    }),
  );
  const milliseconds = Math.round(performance.now() - started);
  const created = results.filter((result) => result.status === 201).length;
  const soldOut = results.filter((result) => result.status === 409 && result.code === "sold_out").length;
  const counts = await seatCounts(slot.id);
  figure("booking-race", {
    attempts: ATTEMPTS,
    seatsLeft: SEATS_LEFT,
    created,
    soldOut,
    other: results.filter((result) => result.status !== 201 && result.code !== "sold_out").map((r) => r.status),
    oversold: Math.max(0, counts.booked - SEATS_LEFT),
    milliseconds,
    createdPerEntry: Object.fromEntries(
      entries.map((entry) => [entry, results.filter((r) => r.entry === entry && r.status === 201).length]),
    ),
  });
  expect(created).toBe(SEATS_LEFT);
  expect(soldOut).toBe(ATTEMPTS - SEATS_LEFT);
  expect(counts.taken).toBe(slot.capacity);
  // The seats booked are exactly those that were left: none twice.
  expect(counts.booked).toBe(SEATS_LEFT);
});

/**
 * A departure of its own of a bookable service, all `capacity` seats free, starting and ending
 * the given intervals from now (to the second).
 */
async function freeDeparture(name: string, capacity: number, startsIn: string, endsIn: string): Promise<Departure> {
  const found = await bookableDeparture(nginx());
  const slotId = `scale-${name}-${Date.now().toString(36)}`;
  await database().query(
    `insert into slots (id, service_id, starts_at, ends_at, capacity, seats_taken)
     values ($1, $2, date_trunc('second', now()) + $4::interval,
             date_trunc('second', now()) + $5::interval, $3::int, 0)`,
    [slotId, found.serviceId, capacity, startsIn, endsIn],
  );
  return { ...found, slotId };
}

/** `count` guests signed in for the operator, ten at a time, each through the next of `entries`. */
async function guestsSignedIn(count: number, entries: string[], operator: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let batch = 0; batch < count; batch += 10) {
    tokens.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, i) => bookingGuest(entries[(batch + i) % entries.length], operator)),
      )),
    );
  }
  return tokens;
}

/** A JSON POST to `entry` as the token's holder, in the operator's context, with a new idempotency key. */
function postAs(entry: string, path: string, token: string, operator: string, body: unknown): Promise<Response> {
  return fetch(`${entry}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "Idempotency-Key": randomUUID(),
      "X-Account-Context": operator,
    },
    body: JSON.stringify(body),
  });
}

/** A new user of the Auth emulator, synced, made a manager of `operator`'s team (straight in the table): their token. */
async function managerOf(origin: string, operator: string): Promise<string> {
  const token = await bookingGuest(origin, operator);
  const { sub } = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as { sub: string };
  await database().query(
    `insert into operator_members (account_id, user_id, role) select id, $2, 'manager' from accounts where slug = $1`,
    [operator, sub],
  );
  return token;
}

test("staff and storefront bookings racing on two processes never oversell: exactly the seats are taken", async () => {
  const CAPACITY = 50;
  const EACH = 100;
  const departure = await freeDeparture("staff", CAPACITY, "11 days 11 seconds", "11 days 101 minutes");
  // Two processes: each API on its own port.
  const entries = apis().map((api) => api.url);
  const manager = await managerOf(entries[0], departure.operator);
  const tokens = await guestsSignedIn(EACH, entries, departure.operator);
  const storefront = (token: string, entry: string) =>
    postAs(entry, "/v1/bookings", token, departure.operator, {
      serviceId: departure.serviceId,
      slotId: departure.slotId,
      tickets: [{ ticketTypeId: departure.ticketTypeId, quantity: 1 }],
      returnUrl: `/experiences/${departure.parentId}/${departure.serviceId}/return/{bookingId}`,
    });
  const staff = (index: number, entry: string) =>
    postAs(entry, "/v1/operator/bookings", manager, departure.operator, {
      slotId: departure.slotId,
      tickets: [{ ticketTypeId: departure.ticketTypeId, quantity: 1 }],
      guest: { name: `Desk Guest ${index}`, email: `desk-${index}-${randomUUID().slice(0, 8)}@example.com` },
      payment: "pay_on_arrival",
    });
  const started = performance.now();
  // Sent interleaved, a staff booking and a storefront booking at a time (one member's staff
  // bookings of one departure take turns, as one guest's do).
  const results = await Promise.all(
    tokens.flatMap((token, index) => [
      (async () => {
        const answer = await staff(index, entries[(index + 1) % entries.length]);
        const body = (await answer.json()) as { error?: { code: string } };
        return { kind: "staff", status: answer.status, code: body.error?.code };
      })(),
      (async () => {
        const answer = await storefront(token, entries[index % entries.length]);
        const body = (await answer.json()) as { error?: { code: string } };
        return { kind: "storefront", status: answer.status, code: body.error?.code };
      })(),
    ]),
  );
  const milliseconds = Math.round(performance.now() - started);
  const counts = await seatCounts(departure.slotId);
  const created = results.filter((result) => result.status === 201);
  figure("staff-booking-race", {
    attempts: results.length,
    capacity: CAPACITY,
    created: created.length,
    createdStaff: created.filter((result) => result.kind === "staff").length,
    createdStorefront: created.filter((result) => result.kind === "storefront").length,
    serverErrors: results.filter((result) => result.status >= 500).length,
    other: results.filter((r) => r.status !== 201 && r.code !== "sold_out").map((r) => `${r.kind}:${r.status}`),
    milliseconds,
  });
  expect(results.filter((result) => result.status >= 500)).toEqual([]);
  expect(created).toHaveLength(CAPACITY);
  expect(results.filter((result) => result.status === 409 && result.code === "sold_out")).toHaveLength(
    2 * EACH - CAPACITY,
  );
  expect(counts.taken).toBe(CAPACITY);
  expect(counts.booked).toBe(CAPACITY);
});

test("500 bookings, payments, cancellations and refunds racing on two processes: the ledger sums to zero and reconciles", async () => {
  const GUESTS = 150;
  const departure = await freeDeparture("money", GUESTS, "12 days 7 seconds", "12 days 97 minutes");
  const entries = apis().map((api) => api.url);
  const manager = await managerOf(entries[0], departure.operator);
  const tokens = await guestsSignedIn(GUESTS, entries, departure.operator);
  const send = async (entry: string, path: string, token: string, body: unknown) => {
    const answer = await postAs(entry, path, token, departure.operator, body);
    const json = (await answer.json()) as { data?: Record<string, unknown>; error?: { code: string } };
    return { status: answer.status, code: json.error?.code ?? null, data: json.data };
  };
  const started = performance.now();
  // Each guest books a seat on one process and pays on the other: 300 requests at once.
  const booked = await Promise.all(
    tokens.map(async (token, index) => {
      const placed = await send(entries[index % 2], "/v1/bookings", token, {
        serviceId: departure.serviceId,
        slotId: departure.slotId,
        tickets: [{ ticketTypeId: departure.ticketTypeId, quantity: 1 }],
        returnUrl: `/experiences/${departure.parentId}/${departure.serviceId}/return/{bookingId}`,
      });
      if (placed.status !== 201) return { placed, paid: null, bookingId: null };
      const booking = placed.data!.booking as { id: string };
      const sessionId = /(cs_sandbox_[A-Za-z0-9_-]+)$/.exec(String(placed.data!.checkoutUrl))![1];
      const paid = await send(entries[(index + 1) % 2], `/v1/payments/sandbox/checkouts/${sessionId}/pay`, token, {
        cardNumber: "4242424242424242",
        expiry: "12/39",
        cvc: "123",
      });
      return { placed, paid, bookingId: booking.id };
    }),
  );
  // Then the first half of the guests cancel while the team refunds $1 of every booking but the
  // first 25's, on both processes: 200 more at once, racing each other on 50 bookings.
  const changed = await Promise.all([
    ...booked
      .slice(0, GUESTS / 2)
      .map((one, index) => send(entries[index % 2], `/v1/bookings/${one.bookingId}/cancel`, tokens[index], {})),
    ...booked.slice(25).map((one, index) =>
      send(entries[(index + 1) % 2], `/v1/operator/bookings/${one.bookingId}/refunds`, manager, {
        amountMinor: 100,
        alreadyRefundedMinor: 0,
        reason: "A goodwill refund",
        releaseSeats: false,
        idempotencyKey: randomUUID(),
      }),
    ),
  ]);
  const milliseconds = Math.round(performance.now() - started);
  const requests = [...booked.flatMap((one) => [one.placed, ...(one.paid ? [one.paid] : [])]), ...changed];
  const { rows: money } = await database().query<{ key: string; off: string }>(
    `select transaction_key as key, sum(amount_minor)::text as off from ledger_entries
     group by transaction_key, currency having sum(amount_minor) <> 0`,
  );
  const {
    rows: [ledger],
  } = await database().query<{ total: string; charges: number; refunds: number; paid: number; made: number }>(
    `select (select coalesce(sum(amount_minor), 0)::text from ledger_entries) as total,
            (select count(distinct e.transaction_key)::int from ledger_entries e join bookings b on b.id = e.booking_id
              where b.slot_id = $1 and e.kind = 'charge') as charges,
            (select count(distinct e.transaction_key)::int from ledger_entries e join bookings b on b.id = e.booking_id
              where b.slot_id = $1 and e.kind = 'refund') as refunds,
            (select count(*)::int from bookings where slot_id = $1 and confirmed_at is not null) as paid,
            (select count(*)::int from booking_refunds r join bookings b on b.id = r.booking_id
              where b.slot_id = $1 and r.status = 'made') as made`,
    [departure.slotId],
  );
  const reconciled = await reconcileLedgerCommand();
  figure("money-race", {
    requests: requests.length,
    milliseconds,
    serverErrors: requests.filter((one) => one.status >= 500).length,
    refusals: [...new Set(requests.filter((one) => one.status >= 400).map((one) => `${one.status}:${one.code}`))],
    paid: ledger.paid,
    charges: ledger.charges,
    refundsMade: ledger.made,
    refundTransactions: ledger.refunds,
    ledgerTotal: Number(ledger.total),
    unbalanced: money.length,
    reconciliation: reconciled.stdout.trim() || reconciled.stderr.trim().split("\n").slice(0, 4).join(" | "),
  });
  expect(requests.length).toBe(500);
  expect(requests.filter((one) => one.status >= 500)).toEqual([]);
  // What may be refused: a refund that lost the race to a cancellation or another change (409).
  expect(requests.filter((one) => one.status >= 400 && one.status !== 409)).toEqual([]);
  expect(ledger.paid).toBe(GUESTS);
  expect(ledger.charges).toBe(GUESTS);
  expect(ledger.refunds).toBe(ledger.made);
  expect(ledger.made).toBeGreaterThanOrEqual(GUESTS / 2);
  expect(Number(ledger.total)).toBe(0);
  expect(money).toEqual([]);
  expect(reconciled.code, reconciled.stderr).toBe(0);
  expect(reconciled.stdout).toContain("no difference");
});

test("a rate limit reached through some processes holds on the others (Redis)", async () => {
  // PASSWORD_ATTEMPTS_PER_MINUTE (5 by default) on one account: the 6th is refused wherever it lands.
  const email = `spread-${randomUUID()}@example.com`;
  const entries = [
    ...webs().map((web) => web.url),
    ...apis().map((api) => api.url),
    nginx(),
    webs()[1].url,
    apis()[0].url,
  ];
  const statuses: number[] = [];
  for (const [index, entry] of entries.entries()) {
    const answer = await fetch(`${entry}/v1/auth/password-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${index + 1}` },
      body: JSON.stringify({ email, password: "wrong-guess-1" }),
    });
    statuses.push(answer.status);
  }
  figure("rate-limit", { statuses, refusedFrom: statuses.indexOf(429) + 1 });
  // Five wrong passwords, one on each web, each API and nginx; then refused on a web and an API.
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
});

test("a change through one process purges the page cache of every web within a second", async () => {
  const departure: Departure = await bookableDeparture(nginx());
  const token = await bookingGuest(nginx(), departure.operator);
  const before = await Promise.all(webs().map((web) => cachedSeatsShown(web.url, departure)));
  expect(new Set(before).size).toBe(1);
  expect((await placeBooking(nginx(), token, departure, 2)).status).toBe(201);
  const seen = await Promise.all(webs().map((web) => waitForSeatsShown(web.url, departure, before[0] - 2, 5_000)));
  figure("cache-purge", Object.fromEntries(webs().map((web, i) => [`${web.name}Ms`, seen[i].milliseconds])));
  for (const { shown, milliseconds } of seen) {
    expect(shown).toBe(before[0] - 2);
    expect(milliseconds).toBeLessThan(1_000);
  }
});

test("a suspension through one API leaves every web's sitemap and every API's catalog within a second, and comes back", async () => {
  const slug = "olive";
  const setStatus = async (body: { status: "active" | "suspended"; reason?: string }) => {
    const answer = await fetch(`${apis()[0].url}/v1/dev/operators/${slug}/status`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(answer.status, await answer.text()).toBe(200);
  };
  const listed = async (origin: string) =>
    (await (await fetch(`${origin}/v1/experiences?operator=${slug}&pageSize=48`)).json()).data.items as Array<{
      id: string;
      firstServiceId: string;
    }>;
  const [first] = await listed(apis()[1].url);
  const path = `/experiences/${first.id}/${first.firstServiceId}`;
  const everywhere = async () => [
    ...(await Promise.all(
      webs().map(async (web) => (await (await fetch(`${web.url}/sitemap.xml`)).text()).includes(path)),
    )),
    ...(await Promise.all(apis().map(async (api) => (await listed(api.url)).length > 0))),
  ];
  // Every web keeps its sitemap from now on.
  expect(await everywhere()).toEqual([true, true, true, true]);
  const until = async (shown: boolean) => {
    const started = performance.now();
    const seen = await pollUntil(everywhere, (each) => each.every((one) => one === shown), 5_000, 20);
    return { seen, milliseconds: Math.round(performance.now() - started) };
  };
  await setStatus({ status: "suspended", reason: "Under review." });
  let gone;
  try {
    gone = await until(false);
  } finally {
    await setStatus({ status: "active" });
  }
  const back = await until(true);
  figure("suspension", { goneMs: gone.milliseconds, backMs: back.milliseconds });
  expect(gone.seen).toEqual([false, false, false, false]);
  expect(gone.milliseconds).toBeLessThan(1_000);
  expect(back.seen).toEqual([true, true, true, true]);
  expect(back.milliseconds).toBeLessThan(1_000);
});

const CLIENTS = 6;

/**
 * Idempotent GETs through nginx from CLIENTS clients at once, for `ms`; `during` runs a while in.
 * `failed`: answers that were not a 200, or no answer at all — nginx must send every request the
 * killed process did not answer to another. `cut`: answers whose body stopped mid-way because the
 * process sending them was killed at that instant; no proxy can take those back once it has
 * passed their first bytes on, so at most one per client can be cut.
 */
async function streamOfReads(paths: string[], ms: number, during: () => Promise<void>) {
  const failed: string[] = [];
  const cut: string[] = [];
  let requests = 0;
  const until = Date.now() + ms;
  const client = async (offset: number) => {
    for (let i = offset; Date.now() < until; i++) {
      const path = paths[i % paths.length];
      requests++;
      const answer = await fetch(nginx() + path, { signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
        failed.push(`${path}: ${String(error)}`);
        return null;
      });
      if (!answer) continue;
      if (answer.status !== 200) failed.push(`${path}: ${answer.status}`);
      await answer.arrayBuffer().catch((error: unknown) => cut.push(`${path}: ${String(error)}`));
    }
  };
  const clients = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  await sleep(1_000);
  await during();
  await clients;
  return { requests, failed, cut };
}

/** SIGKILL a process of the layout, and how long until the layout has it running and answering again. */
async function killAndAwaitRestart(name: string): Promise<() => Promise<number>> {
  const victim = processNamed(name);
  process.kill(victim.pid, "SIGKILL");
  const killed = Date.now();
  return async () => {
    const back = await pollUntil(
      async () => {
        const now = processNamed(name);
        if (now.pid === victim.pid) return false;
        return fetch(`${now.url}/v1/health`).then(
          (answer) => answer.ok,
          () => false,
        );
      },
      Boolean,
      30_000,
      200,
    );
    expect(back, `${name} is started again`).toBe(true);
    return Date.now() - killed;
  };
}

test("each scheduled job runs once across both API processes", async () => {
  // Up to two and a half minutes for the hold to lapse, as long again for two scheduled runs after.
  test.setTimeout(330_000);
  // Both APIs run the job runner (the webs, in split mode, run none), as their logs say: pino's
  // JSON lines ("pid":123) or its readable ones ((api/123)).
  for (const { name, pid } of [...apis(), ...webs()]) {
    const log = readFileSync(join(layout().logs, `${name}.log`), "utf8");
    const ours = (line: string) => line.includes(`"pid":${pid},`) || line.includes(`/${pid})`);
    const started = log.split("\n").some((line) => ours(line) && line.includes("job runner started"));
    expect(started, `${name} runs the job runner`).toBe(name.startsWith("api"));
  }
  // The due work (every minute) expires the hold made first and tells its guest, once.
  const waiting = Date.now();
  const booking = await pollUntil(
    async () => {
      const { rows } = await database().query<{ status: string; lapse_email_sent_at: Date | null }>(
        "select status, lapse_email_sent_at from bookings where id = $1",
        [lapsed.bookingId],
      );
      return rows[0];
    },
    (row) => row.lapse_email_sent_at !== null,
    150_000,
    1_000,
  );
  expect(booking.status).toBe("expired");
  const lapsedAfterMs = Date.now() - waiting;
  // One more run after that one, which must find nothing left to do for this booking, and at
  // least two scheduled runs done (the email may come from a prompt run, asked for when the
  // lapsed hold's seats were freed, within the first minute).
  const runs = await pollUntil(
    () => dueWorkRuns(lapsed.since),
    (rows) =>
      rows.filter((run) => run.completed).length >= 2 &&
      rows.some((run) => run.completed && run.created > booking.lapse_email_sent_at!),
    150_000,
    1_000,
  );
  const { rows: emails } = await database().query<{ n: number }>(
    "select count(*)::int as n from outbox where kind = 'hold_lapsed' and meta->>'bookingId' = $1",
    [lapsed.bookingId],
  );
  figure("jobs", {
    lapsedAfterMs,
    waitedMs: Date.now() - waiting,
    lapseEmails: emails[0].n,
    dueWorkRuns: runs.map((run) => `${run.created.toISOString().slice(11, 19)}${run.completed ? "" : " (not done)"}`),
  });
  expect(emails[0].n).toBe(1);
  expect(runs.filter((run) => run.completed).length).toBeGreaterThanOrEqual(2);
  for (const [i, run] of runs.entries()) {
    if (i === 0) continue;
    const apartMs = run.created.getTime() - runs[i - 1].created.getTime();
    expect(
      apartMs,
      `due-work jobs created at ${runs[i - 1].created.toISOString()} and ${run.created.toISOString()}`,
    ).toBeGreaterThanOrEqual(SCHEDULED_RUNS_APART_MS);
  }
});

for (const name of ["web-1", "api-1"]) {
  test(`${name} killed mid-stream: nginx keeps every read answered from the others`, async () => {
    const departure = await bookableDeparture(nginx());
    const paths = ["/", "/v1/health", departure.page, "/v1/experiences?pageSize=4"];
    let restarted: (() => Promise<number>) | undefined;
    const { requests, failed, cut } = await streamOfReads(paths, 6_000, async () => {
      restarted = await killAndAwaitRestart(name);
    });
    const backInMs = await restarted!();
    figure("kill", {
      process: name,
      requests,
      failed: failed.length,
      cut: cut.length,
      backInMs,
      examples: [...failed, ...cut].slice(0, 3),
    });
    expect(failed).toEqual([]);
    expect(cut.length).toBeLessThanOrEqual(CLIENTS);
    expect(requests).toBeGreaterThan(50);
  });
}

/**
 * The scheduled due-work jobs (pg-boss; not the waitlist's prompt runs) created since `since`, in
 * order: when each was created and whether it completed.
 */
async function dueWorkRuns(since: Date) {
  const { rows } = await database().query<{ created: Date; completed: boolean }>(
    `select created_on as created, state = 'completed' as completed
     from (select created_on, state, data from pgboss.job where name = 'due-work'
           union all select created_on, state, data from pgboss.archive where name = 'due-work') runs
     where created_on >= $1 and data->>'reason' is null order by created_on`,
    [since],
  );
  return rows;
}

/**
 * pg-boss lets one process a minute ask for the minute's job (a lock taken at most every 30 s,
 * one job per minute's slot), and each process's cron worker polls every 5 s: two minutes' jobs
 * may be created within the same clock minute, but never closer than about 25 s. A job made by
 * each API for the same minute would come within a few seconds of the other.
 */
const SCHEDULED_RUNS_APART_MS = 15_000;
