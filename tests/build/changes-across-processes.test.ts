/**
 * Several processes on one PostgreSQL database (the scale-out mode): a booking made through one
 * process shows on another's details page, which that process serves from its micro-cache, within
 * a second — told through PostgreSQL's LISTEN/NOTIFY, or Redis when REDIS_URL is set; and a web
 * without a database (split mode) hears it through its API's change feed. Needs DATABASE_URL
 * (CI: .ci/run); each server is the built app as `npm start` serves it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookableDeparture,
  bookingGuest,
  cachedSeatsShown,
  placeBooking,
  waitForSeatsShown,
} from "./booking-over-http";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { stretched } from "../support/time-limits";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const WITHIN_MS = stretched(1_000);

/** Starts the servers of a describe block before its test, and stops them after. */
function servers(start: () => Promise<BuiltServer[]>): () => BuiltServer[] {
  let started: BuiltServer[] = [];
  beforeAll(async () => {
    started = await start();
  }, stretched(180_000));
  afterAll(() => Promise.all(started.map((server) => server.stop())), stretched(30_000));
  return () => started;
}

/**
 * Books through `writer`, then reads `reader`'s page until it shows the seats taken: the time
 * that took, from the booking's answer.
 */
async function bookingShownAcross(writer: BuiltServer, reader: BuiltServer, label: string): Promise<number> {
  const departure = await bookableDeparture(writer.origin);
  const token = await bookingGuest(writer.origin, departure.operator);
  const before = await cachedSeatsShown(reader.origin, departure);
  expect((await placeBooking(writer.origin, token, departure, 2)).status).toBe(201);
  const { shown, milliseconds } = await waitForSeatsShown(reader.origin, departure, before - 2, WITHIN_MS);
  console.log(JSON.stringify({ propagation: label, milliseconds }));
  expect(shown).toBe(before - 2);
  return milliseconds;
}

describe.skipIf(!DATABASE_URL)("two processes on one PostgreSQL, told through LISTEN/NOTIFY", () => {
  const started = servers(() =>
    Promise.all([0, 1].map(() => startBuiltServer({ env: { DATABASE_URL: DATABASE_URL!, REDIS_URL: "" } }))),
  );

  it("a booking through one shows on the other's page within a second", async () => {
    const [a, b] = started();
    expect(await bookingShownAcross(a, b, "postgres")).toBeLessThan(WITHIN_MS);
  }, stretched(60_000));
});

describe.skipIf(!DATABASE_URL || !REDIS_URL)("two processes on one PostgreSQL, told through Redis", () => {
  const started = servers(() =>
    Promise.all([0, 1].map(() => startBuiltServer({ env: { DATABASE_URL: DATABASE_URL!, REDIS_URL: REDIS_URL! } }))),
  );

  it("a booking through one shows on the other's page within a second", async () => {
    const [a, b] = started();
    expect(await bookingShownAcross(a, b, "redis")).toBeLessThan(WITHIN_MS);
  }, stretched(60_000));
});

describe.skipIf(!DATABASE_URL)("a web without a database, behind an API process (split mode)", () => {
  const started = servers(async () => {
    const env = { DATABASE_URL: DATABASE_URL!, REDIS_URL: "" };
    const [single, api] = await Promise.all([startBuiltServer({ env }), startBuiltServer({ env, entry: "api" })]);
    const web = await startBuiltServer({
      env: {
        API_BASE_URL: `http://127.0.0.1:${api.port}`,
        DATABASE_URL: "",
        REDIS_URL: "",
        PGLITE_DIR: "/proc/wayfarer-web-has-no-database",
      },
    });
    return [single, api, web];
  });

  it("hears a booking made through another process within a second, through its API's change feed", async () => {
    const [single, , web] = started();
    expect(await bookingShownAcross(single, web, "split")).toBeLessThan(WITHIN_MS);
  }, stretched(60_000));
});
