import "../../support/env";
import { sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { reportCsv } from "~contract/operator/reports";
import { bookingSides, NOTHING_REFUNDED, refundParts, type RefundedSoFar, type Sides } from "~api/ledger/movements";
import { apiText, expectCsvAttachment, expectEnvelope } from "../../support/api";
import {
  ACME_ZONE,
  bookingUser,
  bookingWorld,
  confirmedBooking,
  createSlot,
  inExperienceZone,
  slotAt,
} from "../../support/booking";
import { call } from "../../support/identity";
import { accountIdOf, asMember, syncedMember } from "../../support/operator";
import { v1Path } from "../../support/client";

const { db, acme } = bookingWorld();

const today = () => DateTime.now().setZone(ACME_ZONE).toISODate()!;
const plus = (date: string, days: number) => DateTime.fromISO(date).plus({ days }).toISODate()!;
const report = (token: string | undefined, query = "", account = "acme") =>
  call(`${v1Path("operatorReport")}${query}`, asMember(token, { account }));
const rows = async (statement: ReturnType<typeof sql>) =>
  (await db().execute(statement)) as unknown as { rows: Array<Record<string, unknown>> };

/** The range's sums straight from the tables: the local range turned into instants, no grouping. */
async function sumsOf(accountId: string, from: string, to: string) {
  const start = DateTime.fromISO(from, { zone: ACME_ZONE }).toUTC().toISO()!;
  const end = DateTime.fromISO(plus(to, 1), { zone: ACME_ZONE }).toUTC().toISO()!;
  const booked = await rows(sql`select count(*)::int as n, coalesce(sum(seats), 0)::int as guests,
      coalesce(sum(total_minor), 0)::bigint as revenue from bookings
      where account_id = ${accountId} and confirmed_at >= ${start}::timestamptz and confirmed_at < ${end}::timestamptz`);
  // The platform's part of each, by the ledger's own function (the report computes it in SQL).
  const parts = await rows(sql`select total_minor, fees_minor, commission_bps from bookings
      where account_id = ${accountId} and confirmed_at >= ${start}::timestamptz and confirmed_at < ${end}::timestamptz`);
  const platformOf = (sides: Sides) => sides.commission + sides.serviceFee;
  const charged = (row: Record<string, unknown>) =>
    bookingSides(
      Number(row.total_minor),
      Number(row.fees_minor),
      row.commission_bps === null ? null : Number(row.commission_bps),
    );
  const platformCharged = parts.rows.reduce((sum, row) => sum + platformOf(charged(row)), 0);
  // Every refund of the operator's bookings up to the range's end, in order: each one's part of the
  // platform's by the ledger's refundParts (counted over the booking's refunds so far).
  const everyRefund =
    await rows(sql`select r.booking_id, r.amount_minor, r.goodwill_minor, r.created_at >= ${start}::timestamptz as in_range,
      b.total_minor, b.fees_minor, b.commission_bps from booking_refunds r join bookings b on b.id = r.booking_id
      where r.account_id = ${accountId} and r.created_at < ${end}::timestamptz order by r.created_at, r.id`);
  const refundedSoFar = new Map<string, RefundedSoFar>();
  let refunds = 0;
  let platformBack = 0;
  for (const row of everyRefund.rows) {
    const before = refundedSoFar.get(String(row.booking_id)) ?? NOTHING_REFUNDED;
    const refund = { amountMinor: Number(row.amount_minor), goodwillMinor: Number(row.goodwill_minor) };
    refundedSoFar.set(String(row.booking_id), {
      proportionalMinor: before.proportionalMinor + refund.amountMinor - refund.goodwillMinor,
      goodwillMinor: before.goodwillMinor + refund.goodwillMinor,
    });
    if (!row.in_range) continue;
    refunds += refund.amountMinor;
    platformBack += platformOf(refundParts(charged(row), before, refund));
  }
  const tipped = await rows(sql`select coalesce(sum(t.amount_minor), 0)::bigint as tips from tips t
      join bookings b on b.id = t.booking_id
      where b.account_id = ${accountId} and t.status = 'paid' and t.paid_at >= ${start}::timestamptz and t.paid_at < ${end}::timestamptz`);
  const revenue = Number(booked.rows[0].revenue);
  const platformFees = platformCharged - platformBack;
  return {
    bookings: Number(booked.rows[0].n),
    guests: Number(booked.rows[0].guests),
    revenueMinor: revenue,
    platformFeesMinor: platformFees,
    refundsMinor: refunds,
    tipsMinor: Number(tipped.rows[0].tips),
    netMinor: revenue - platformFees - refunds,
  };
}

/**
 * `n` bookings cloned from `template` with confirmation times spread over [from − 2 days, to + 2
 * days] (edges included), sold at several commission rates, a refund for every third (a second one
 * for every sixth) and a paid tip for every fifth, dated apart.
 */
async function generate(template: string, n: number, from: string, to: string, tag: string) {
  const start = DateTime.fromISO(plus(from, -2), { zone: ACME_ZONE }).toUTC().toISO()!;
  const span = Math.round(DateTime.fromISO(plus(to, 3)).diff(DateTime.fromISO(plus(from, -2)), "minutes").minutes);
  await db().execute(sql`
    insert into bookings (id, user_id, account_id, experience_id, service_id, slot_id, status, tickets, seats,
      subtotal_minor, discount_minor, fees_minor, tax_minor, total_minor, currency, idempotency_key, origin,
      payment_status, confirmed_at, created_at, commission_bps)
    select 'bk_' || ${tag} || lpad(i::text, 16 - length(${tag}), '0'), b.user_id, b.account_id, b.experience_id,
      b.service_id, b.slot_id, case when i % 7 = 0 then 'cancelled' else 'confirmed' end, b.tickets, 1 + i % 5,
      1000 + (i * 7919) % 20000, 0, round((1000 + (i * 7919) % 20000) * 0.03), 0,
      1000 + (i * 7919) % 20000 + round((1000 + (i * 7919) % 20000) * 0.03), b.currency, ${tag} || '-key-' || i, b.origin,
      'paid', ${start}::timestamptz + make_interval(mins => (i * 104729) % ${span}),
      ${start}::timestamptz + make_interval(mins => (i * 104729) % ${span}),
      -- Sold at 10, 15 or 20 %, or before commissions (none: the service fee alone is the platform's).
      case when i % 4 = 0 then null else 1000 + (i % 3) * 500 end
    from bookings b, generate_series(1, ${n}) as i where b.id = ${template}`);
  // A refund for every third, and a second one for every sixth a day later (its shares are counted over
  // both): the goodwill of an operator past the cutoff for every ninth's second, or for the whole of
  // every fifteenth's first (which then comes out of the operator's part), or the rest of the whole
  // (beyond the operator's part) for every 36th.
  for (const refund of [
    { prefix: "rf_", every: 3, divisor: 3, afterHours: 30, goodwillEvery: 15, wholeEvery: 0 },
    { prefix: "rf_2_", every: 6, divisor: 7, afterHours: 54, goodwillEvery: 9, wholeEvery: 36 },
  ])
    await db().execute(sql`
      insert into booking_refunds (id, booking_id, account_id, amount_minor, goodwill_minor, currency, reason,
        idempotency_key, status, created_at, made_at)
      select ${refund.prefix} || b.id, b.id, b.account_id, amount, case when goodwill then amount else 0 end,
        b.currency, 'test',
        ${refund.prefix} || 'key-' || b.id, 'made', b.confirmed_at + make_interval(hours => ${refund.afterHours}),
        b.confirmed_at + make_interval(hours => ${refund.afterHours})
      from bookings b,
        lateral (select right(b.id, 3)::int as n) i,
        lateral (select case when ${refund.wholeEvery} > 0 and i.n % ${refund.wholeEvery} = 0
                   then b.total_minor - (1 + b.total_minor / 3) else 1 + b.total_minor / ${refund.divisor} end as amount,
                 i.n % ${refund.goodwillEvery} = 0 or (${refund.wholeEvery} > 0 and i.n % ${refund.wholeEvery} = 0) as goodwill) r
      where b.id like ${`bk_${tag}%`} and i.n % ${refund.every} = 0`);
  await db().execute(sql`
    insert into tips (id, booking_id, user_id, amount_minor, currency, status, paid_at)
    select 'tip_' || substr(md5(b.id), 1, 16), b.id, b.user_id, 500 + b.seats * 100, b.currency, 'paid',
      b.confirmed_at + interval '50 hours'
    from bookings b where b.id like ${`bk_${tag}%`} and right(b.id, 3)::int % 5 = 0`);
}

describe("operatorReport", () => {
  it("guards: signed out 401, a non-member or another operator 404, a guide 403; bad ranges 400", async () => {
    expectEnvelope(await report(undefined), 401, "unauthorized");
    const stranger = await syncedMember(db(), "harbor", "owner");
    expectEnvelope(await report(stranger.idToken), 404, "not_found");
    const guide = await syncedMember(db(), "acme", "guide");
    expectEnvelope(await report(guide.idToken), 403, "forbidden");
    const manager = await syncedMember(db(), "acme", "manager");
    for (const query of [
      "?from=2026-02-30&to=2026-03-02",
      "?from=2026-03-02",
      "?from=2026-03-02&to=2026-03-01",
      "?from=2025-01-01&to=2026-01-02",
      "?from=2026-03-01%00&to=2026-03-02",
      "?from=2026-03-01&to=2026-03-02&weeks=13",
      "?weeks=two",
      "?format=xml",
    ]) {
      expectEnvelope(await report(manager.idToken, query), 400, "validation_error");
    }
    const leap = await report(manager.idToken, "?from=2024-01-01&to=2024-12-31");
    expect(leap.status).toBe(200);
    expect(leap.body.data.days).toHaveLength(366);
  });

  it("defaults to the last 30 days with zeros; the seeded data's totals equal the tables' sums", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const answer = await report(owner.idToken);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ to: today(), from: plus(today(), -29), timeZone: ACME_ZONE, currency: "USD" });
    expect(data.days).toHaveLength(30);
    expect(data.days.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => plus(today(), i - 29)),
    );
    expect(data.totals).toEqual(await sumsOf(await accountIdOf(db(), "acme"), data.from, data.to));
  });

  it("generated bookings, refunds and tips: totals and every day equal the tables; other operators never count", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const acmeId = await accountIdOf(db(), "acme");
    const guest = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 24 * 10 });
    const template = await confirmedBooking(guest, acme, slot.id);
    const from = plus(today(), -40);
    const to = plus(today(), -1);
    await generate(template.id, 300, from, to, "gen");
    // The same bookings for harbor: they must not show in acme's report.
    const harborId = await accountIdOf(db(), "harbor");
    await db().execute(
      sql`update bookings set account_id = ${harborId} where id like 'bk_gen%' and right(id, 3)::int % 11 = 0`,
    );
    await db().execute(
      sql`update booking_refunds set account_id = ${harborId} where booking_id like 'bk_gen%' and right(booking_id, 3)::int % 11 = 0`,
    );

    const answer = await report(owner.idToken, `?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.days).toHaveLength(40);
    const expected = await sumsOf(acmeId, from, to);
    expect(expected.bookings).toBeGreaterThan(200);
    expect(expected.refundsMinor).toBeGreaterThan(0);
    expect(expected.tipsMinor).toBeGreaterThan(0);
    expect(expected.platformFeesMinor).toBeGreaterThan(0);
    expect(data.totals).toEqual(expected);
    // Every day on its own equals the tables too.
    for (const day of data.days) {
      const { date, ...figures } = day;
      expect(figures, date).toEqual(await sumsOf(acmeId, date, date));
    }
    // The days add up to the totals.
    const summed = data.days.reduce(
      (sum: Record<string, number>, day: Record<string, number>) => {
        for (const key of Object.keys(sum)) sum[key] += day[key];
        return sum;
      },
      { bookings: 0, guests: 0, revenueMinor: 0, platformFeesMinor: 0, refundsMinor: 0, tipsMinor: 0, netMinor: 0 },
    );
    expect(summed).toEqual(data.totals);
  });

  it("a booking confirmed at 23:30 local counts on that local day, not the next UTC day", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const day = plus(today(), -3);
    const before = (await report(owner.idToken, `?from=${day}&to=${plus(day, 1)}`)).body.data.days;
    const late = DateTime.fromISO(`${day}T23:30`, { zone: ACME_ZONE }).toUTC().toISO()!;
    // A booking of acme's own (an earlier test moved some generated ones to harbor): the copy must be acme's.
    const acme = await accountIdOf(db(), "acme");
    const [{ id }] = (
      await rows(sql`select id from bookings where id like 'bk_gen%' and account_id = ${acme} order by id limit 1`)
    ).rows as Array<{
      id: string;
    }>;
    await db().execute(sql`insert into bookings (id, user_id, account_id, experience_id, service_id, slot_id, status,
        tickets, seats, subtotal_minor, discount_minor, fees_minor, tax_minor, total_minor, currency, idempotency_key,
        origin, payment_status, confirmed_at, created_at)
      select 'bk_late000000000001', user_id, account_id, experience_id, service_id, slot_id, 'confirmed', tickets, 2,
        4321, 0, 0, 0, 4321, currency, 'late-key-1', origin, 'paid', ${late}::timestamptz, ${late}::timestamptz
      from bookings where id = ${id}`);
    const after = (await report(owner.idToken, `?from=${day}&to=${plus(day, 1)}`)).body.data.days;
    expect(after[0].bookings - before[0].bookings).toBe(1);
    expect(after[0].revenueMinor - before[0].revenueMinor).toBe(4321);
    expect(after[1]).toEqual(before[1]);
  });

  it("CSV by Accept or format: one row per day and the totals, the same figures as the JSON", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const from = plus(today(), -40);
    const to = plus(today(), -1);
    const json = (await report(owner.idToken, `?from=${from}&to=${to}`)).body.data;
    const path = v1Path("operatorReport", { query: { from, to } });
    const byAccept = await apiText(path, { token: owner.idToken, account: "acme", headers: { Accept: "text/csv" } });
    const lines = expectCsvAttachment(byAccept, `report-acme-${from}-to-${to}.csv`, reportCsv(json));
    expect(lines[0]).toBe("date,bookings,guests,revenue,platform_fees,refunds,tips,net");
    expect(lines).toHaveLength(1 + 40 + 1);
    // Money in major units with the currency ("40.00 USD"), never cents.
    const usd = (minor: number) => `${minor < 0 ? "'-" : ""}${(Math.abs(minor) / 100).toFixed(2)} USD`;
    expect(lines.at(-1)).toBe(
      [
        "total",
        json.totals.bookings,
        json.totals.guests,
        ...["revenueMinor", "platformFeesMinor", "refundsMinor", "tipsMinor", "netMinor"].map((k) =>
          usd(json.totals[k]),
        ),
      ].join(","),
    );
    const byFormat = await apiText(`${path}&format=csv`, { token: owner.idToken, account: "acme" });
    expect(byFormat.text).toBe(byAccept.text);
  });

  it("occupancy of an experience in Denver (operator in New York): a 22:30 departure on its own local day, at its local time, with its zone", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const DENVER = "America/Denver";
    await inExperienceZone(db(), acme, DENVER, async () => {
      // The last day the two weeks cover: 22:30 in Denver is already the day after in New York.
      const last = plus(today(), 13);
      const startsAt = DateTime.fromISO(`${last}T22:30:31`, { zone: DENVER }).toJSDate();
      const { id } = await slotAt(db(), acme.serviceId, startsAt, { capacity: 8, idPrefix: "t-rep" });
      const data = (await report(manager.idToken, "?weeks=2")).body.data;
      const departure = data.occupancy.departures.find((d: { id: string }) => d.id === id);
      expect(departure).toMatchObject({ localDate: last, localTime: "22:30", timezone: DENVER, capacity: 8 });
      expect(data.timeZone).toBe(ACME_ZONE);
    });
  });

  it("occupancy: the next weeks' departures not cancelled, seats taken / capacity as the table has them", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const data = (await report(manager.idToken, "?weeks=2")).body.data;
    expect(data.occupancy).toMatchObject({ from: today(), to: plus(today(), 13), weeks: 2 });
    const acmeId = await accountIdOf(db(), "acme");
    const start = DateTime.fromISO(today(), { zone: ACME_ZONE }).toUTC().toISO()!;
    const end = DateTime.fromISO(plus(today(), 14), { zone: ACME_ZONE }).toUTC().toISO()!;
    const expected = (
      await rows(sql`select s.id, s.capacity, s.seats_taken from slots s join services sv on sv.id = s.service_id
        join experiences e on e.id = sv.experience_id
        where e.account_id = ${acmeId} and s.status <> 'cancelled'
          and s.starts_at >= ${start}::timestamptz and s.starts_at < ${end}::timestamptz order by s.starts_at, e.title, s.id`)
    ).rows;
    expect(expected.length).toBeGreaterThan(5);
    expect(data.occupancy.departures.map((d: { id: string }) => d.id)).toEqual(expected.map((row) => row.id));
    for (const [i, row] of expected.entries()) {
      const departure = data.occupancy.departures[i];
      expect(departure.seatsTaken).toBe(row.seats_taken);
      expect(departure.capacity).toBe(row.capacity);
      expect(departure.percent).toBe(
        row.capacity === 0 ? 0 : Math.round((100 * Number(row.seats_taken)) / Number(row.capacity)),
      );
    }
  });
});
