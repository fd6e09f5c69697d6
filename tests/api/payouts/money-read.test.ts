import { beforeAll, describe, expect, it } from "vitest";
import { statementCsv } from "~contract/payouts/money-outputs";
import { apiText, expectCsvAttachment, expectEnvelope } from "../../support/api";
import { findService, type TestService } from "../../support/booking";
import { v1, v1Path } from "../../support/client";
import { asMember, teamOf } from "../../support/operator";
import {
  givePayoutAccount,
  paidBooking,
  postCharge,
  postPayout,
  postPayoutFailed,
  postRefund,
  postRelease,
  postTip,
  removePayoutAccount,
} from "../../support/money";
import { payoutsWorld } from "../../support/payouts";
import type { TestUser } from "../../support/identity";
import { countQueries } from "../../support/query-counter";

const { db, acme } = payoutsWorld();
let team: { owner: TestUser; manager: TestUser; guide: TestUser; stranger: TestUser };
let harbor: TestService;

beforeAll(async () => {
  team = await teamOf(db());
  harbor = await findService(db(), "harbor");
  await givePayoutAccount(db(), acme.accountId);
});

const asOwner = () => asMember(team.owner.idToken);
const balance = async (token = team.manager.idToken) => {
  const answer = await v1.operatorBalance(asMember(token));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const statement = async () => {
  const answer = await v1.operatorMoneyStatement(asMember(team.manager.idToken));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

describe("the operator's money, from the ledger", () => {
  it("$100 at 15 %: pending 85.00 and the platform's 15.00; a $40 refund: 51.00 and 9.00; released: available; paid out: its booking listed", async () => {
    const before = await balance();
    const booking = await paidBooking(db(), acme, { totalMinor: 10_000, commissionBps: 1500, startsInHours: -72 });
    await postCharge(db(), booking, { operatorMinor: 8_500, commissionMinor: 1_500 });
    const sold = await balance();
    expect(sold.pendingMinor - before.pendingMinor).toBe(8_500);
    expect(sold.platformFees.commissionMinor - before.platformFees.commissionMinor).toBe(1_500);
    expect(sold.platformFees.totalMinor - before.platformFees.totalMinor).toBe(1_500);
    expect(sold).toMatchObject({ currency: "USD", timeZone: acme.timezone, availableMinor: before.availableMinor });

    await postRefund(db(), booking, { operatorMinor: 3_400, commissionMinor: 600 });
    const refunded = await balance();
    expect(refunded.pendingMinor - before.pendingMinor).toBe(5_100);
    expect(refunded.platformFees.totalMinor - before.platformFees.totalMinor).toBe(900);

    // The month's statement: the booking's row, gross − fee − refunds = net; the CSV says the same.
    const month = await statement();
    const row = month.rows.find((entry: { bookingId: string }) => entry.bookingId === booking.id);
    expect(row).toMatchObject({
      grossMinor: 10_000,
      platformFeeMinor: 900,
      refundsMinor: 4_000,
      tipsMinor: 0,
      netMinor: 5_100,
      experienceTitle: acme.experienceTitle,
      serviceName: acme.serviceName,
      departureStartsAt: booking.startsAt.toISOString(),
    });
    expect(row.reference).toMatch(/^WF-/);

    expect(await postRelease(db(), booking)).toBe(5_100);
    const released = await balance();
    expect(released.pendingMinor).toBe(before.pendingMinor);
    expect(released.availableMinor - before.availableMinor).toBe(5_100);

    const payout = await postPayout(db(), acme);
    const paid = await balance();
    expect(paid.availableMinor).toBe(0);
    expect(paid.paidOutMinor - before.paidOutMinor).toBe(payout.amountMinor);
    expect(payout.amountMinor).toBe(before.availableMinor + 5_100);

    const list = await v1.operatorListPayouts(asMember(team.manager.idToken));
    expect(list.status).toBe(200);
    expect(list.body.data.items[0]).toMatchObject({
      id: payout.id,
      status: "paid",
      amountMinor: payout.amountMinor,
      currency: "USD",
      bookings: 1,
    });
    const detail = await v1.operatorPayout({ params: { payoutId: payout.id }, ...asMember(team.manager.idToken) });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.lines).toEqual([
      {
        bookingId: booking.id,
        reference: row.reference,
        experienceTitle: acme.experienceTitle,
        serviceName: acme.serviceName,
        departureStartsAt: booking.startsAt.toISOString(),
        timezone: acme.timezone,
        amountMinor: 5_100,
      },
    ]);
    expect(detail.body.data.otherMinor).toBe(0);
    // The statement lists the month's payout, and what it paid.
    const after = await statement();
    expect(after.payouts.map((entry: { id: string }) => entry.id)).toContain(payout.id);
    expect(after.paidOutMinor).toBeGreaterThanOrEqual(payout.amountMinor);
  });

  it("the statement and its CSV agree, row by row and in total; net = gross + tips − fee − refunds", async () => {
    const one = await paidBooking(db(), acme, { totalMinor: 12_345, feesMinor: 345 });
    await postCharge(db(), one, { operatorMinor: 10_200, commissionMinor: 1_800, serviceFeeMinor: 345 });
    await postTip(db(), one, 1_000);
    const two = await paidBooking(db(), acme, { totalMinor: 5_000 });
    await postCharge(db(), two, { operatorMinor: 4_250, commissionMinor: 750 });
    await postRefund(db(), two, { operatorMinor: 4_250, commissionMinor: 750 });

    const json = await statement();
    const rows = json.rows as Array<Record<string, number | string>>;
    for (const row of rows)
      expect(row.netMinor).toBe(
        Number(row.grossMinor) + Number(row.tipsMinor) - Number(row.platformFeeMinor) - Number(row.refundsMinor),
      );
    expect(rows.find((row) => row.bookingId === one.id)).toMatchObject({
      grossMinor: 12_345,
      platformFeeMinor: 2_145,
      tipsMinor: 1_000,
      netMinor: 11_200,
    });
    expect(rows.find((row) => row.bookingId === two.id)).toMatchObject({
      grossMinor: 5_000,
      refundsMinor: 5_000,
      netMinor: 0,
    });
    for (const key of ["grossMinor", "platformFeeMinor", "refundsMinor", "tipsMinor", "netMinor"])
      expect(json.totals[key]).toBe(rows.reduce((sum, row) => sum + Number(row[key]), 0));

    const path = v1Path("operatorMoneyStatement", { query: { month: json.month } });
    const csv = await apiText(path, { token: team.owner.idToken, account: "acme", headers: { Accept: "text/csv" } });
    const lines = expectCsvAttachment(csv, `statement-acme-${json.month}.csv`, statementCsv(json));
    expect(lines[0]).toBe("booking,experience,service,departure,gross,platform_fee,refunds,tips,net");
    expect(lines).toHaveLength(rows.length + 2);
    const oneLine = lines.find((line) =>
      line.startsWith(String(rows.find((row) => row.bookingId === one.id)!.reference)),
    );
    expect(oneLine).toMatch(/,123\.45 USD,21\.45 USD,0\.00 USD,10\.00 USD,112\.00 USD$/);
    expect(lines.at(-1)).toBe(
      `total,,,,${["grossMinor", "platformFeeMinor", "refundsMinor", "tipsMinor", "netMinor"]
        .map((key) => `${(json.totals[key] / 100).toFixed(2)} USD`)
        .join(",")}`,
    );
    const byFormat = await apiText(`${path}&format=csv`, { token: team.manager.idToken, account: "acme" });
    expect(byFormat.text).toBe(csv.text);
  });

  it("a month without movements is empty; months page back and stop at this one; a bad month is a 400", async () => {
    const now = await statement();
    expect(now.nextMonth).toBeNull();
    const old = await v1.operatorMoneyStatement({ query: { month: "2001-02" }, ...asMember(team.owner.idToken) });
    expect(old.status).toBe(200);
    expect(old.body.data).toMatchObject({
      month: "2001-02",
      from: "2001-02-01",
      to: "2001-02-28",
      previousMonth: "2001-01",
      nextMonth: "2001-03",
      rows: [],
      payouts: [],
      paidOutMinor: 0,
      totals: { grossMinor: 0, platformFeeMinor: 0, refundsMinor: 0, tipsMinor: 0, netMinor: 0 },
    });
    for (const month of ["2026-13", "2026-1", "26-01", "2026-01-01", "x", "1999-12"])
      expectEnvelope(await v1.operatorMoneyStatement({ query: { month }, ...asOwner() }), 400, "validation_error");
    expectEnvelope(
      await v1.operatorMoneyStatement({ query: { format: "pdf" }, ...asOwner() }),
      400,
      "validation_error",
    );
  });

  it("another operator's payout is 404, as an unknown one; a malformed id 400; pages by cursor", async () => {
    await givePayoutAccount(db(), harbor.accountId);
    const theirs = await paidBooking(db(), harbor, { totalMinor: 4_000 });
    await postCharge(db(), theirs, { operatorMinor: 3_400, commissionMinor: 600 });
    await postRelease(db(), theirs);
    const payout = await postPayout(db(), { accountId: harbor.accountId, currency: harbor.currency });
    const asHarbor = await teamOf(db(), "harbor");
    expect(
      (
        await v1.operatorPayout({
          params: { payoutId: payout.id },
          ...asMember(asHarbor.owner.idToken, { account: "harbor" }),
        })
      ).body.data.lines,
    ).toHaveLength(1);
    expectEnvelope(await v1.operatorPayout({ params: { payoutId: payout.id }, ...asOwner() }), 404, "payout_not_found");
    expectEnvelope(
      await v1.operatorPayout({ params: { payoutId: "po_0000000000000000" }, ...asOwner() }),
      404,
      "payout_not_found",
    );
    for (const payoutId of ["po_1", "bk_0000000000000000", "po_000000000000000%27"])
      expectEnvelope(await v1.operatorPayout({ params: { payoutId }, ...asOwner() }), 400, "validation_error");
    const mine = await v1.operatorListPayouts(asOwner());
    expect(mine.body.data.items.map((item: { id: string }) => item.id)).not.toContain(payout.id);

    // Three more of acme's, paged two at a time: each once, newest first.
    for (let i = 0; i < 3; i++) {
      const booking = await paidBooking(db(), acme, { totalMinor: 1_000 });
      await postCharge(db(), booking, { operatorMinor: 850, commissionMinor: 150 });
      await postRelease(db(), booking);
      await postPayout(db(), acme);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await v1.operatorListPayouts({ query: { limit: 2, cursor }, ...asOwner() });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.items.map((item: { id: string }) => item.id));
      cursor = page.body.data.nextCursor ?? undefined;
    } while (cursor);
    const all = await v1.operatorListPayouts({ query: { limit: 100 }, ...asOwner() });
    expect(seen).toEqual(all.body.data.items.map((item: { id: string }) => item.id));
    expect(seen).toHaveLength(mine.body.data.items.length + 3);
    expect(new Set(seen).size).toBe(seen.length);
    // One statement a page, and one for a month's statement, whatever their sizes (no query per row).
    const small = await countQueries(db(), () => v1.operatorListPayouts({ query: { limit: 1 }, ...asOwner() }));
    const large = await countQueries(db(), () => v1.operatorListPayouts({ query: { limit: 4 }, ...asOwner() }));
    expect(large).toBe(small);
    const emptyMonth = await countQueries(db(), () =>
      v1.operatorMoneyStatement({ query: { month: "2001-02" }, ...asOwner() }),
    );
    const fullMonth = await countQueries(db(), () => v1.operatorMoneyStatement(asOwner()));
    expect(fullMonth).toBe(emptyMonth);
    for (const query of [{ limit: "0" }, { limit: "101" }, { cursor: "%%%" }, { cursor: "bm90IGEgY3Vyc29y" }])
      expectEnvelope(await v1.operatorListPayouts({ query, ...asOwner() }), 400, "validation_error");
  });

  it("a failed payout: its money available again, out of paid out; the next payout takes it, said apart from bookings", async () => {
    const before = await balance();
    const booking = await paidBooking(db(), acme, { totalMinor: 2_000, startsInHours: -100 });
    await postCharge(db(), booking, { operatorMinor: 1_700, commissionMinor: 300 });
    await postRelease(db(), booking);
    const failed = await postPayout(db(), acme, "in_transit");
    expect(failed.amountMinor).toBe(before.availableMinor + 1_700);
    await postPayoutFailed(db(), failed, acme);
    const after = await balance();
    expect(after).toMatchObject({
      availableMinor: failed.amountMinor,
      inTransitMinor: before.inTransitMinor,
      paidOutMinor: before.paidOutMinor,
    });
    const failedDetail = await v1.operatorPayout({ params: { payoutId: failed.id }, ...asOwner() });
    expect(failedDetail.body.data).toMatchObject({ status: "failed", failureReason: "account_closed", otherMinor: 0 });
    expect(failedDetail.body.data.lines.map((line: { bookingId: string }) => line.bookingId)).toContain(booking.id);

    const again = await postPayout(db(), acme);
    expect(again.amountMinor).toBe(failed.amountMinor);
    const againDetail = await v1.operatorPayout({ params: { payoutId: again.id }, ...asOwner() });
    expect(againDetail.body.data).toMatchObject({ bookings: 0, lines: [], otherMinor: failed.amountMinor });
    expect((await balance()).paidOutMinor).toBe(before.paidOutMinor + failed.amountMinor);
  });

  it("guards: a guide 403, a stranger 404, signed out 401", async () => {
    const reads = [
      ["operatorBalance", {}],
      ["operatorListPayouts", {}],
      ["operatorPayout", { payoutId: "po_0000000000000000" }],
      ["operatorMoneyStatement", {}],
    ] as const;
    for (const [name, params] of reads) {
      const call = (token: string | undefined) =>
        (v1[name] as (input: object) => ReturnType<typeof v1.operatorBalance>)({ params, ...asMember(token) });
      expectEnvelope(await call(team.guide.idToken), 403, "forbidden");
      expectEnvelope(await call(team.stranger.idToken), 404, "not_found");
      expectEnvelope(await call(undefined), 401, "unauthorized");
    }
    const csv = await apiText(`${v1Path("operatorMoneyStatement")}?format=csv`, {
      token: team.guide.idToken,
      account: "acme",
    });
    expect(csv.status).toBe(403);
  });
});

describe("the next payout", () => {
  it("is the schedule's next date in the operator's zone, its amount what is available and what the holds release by then", async () => {
    // Summit (CAD, Vancouver): nothing of its own yet.
    const summit = await findService(db(), "summit");
    const owner = (await teamOf(db(), "summit")).owner;
    await removePayoutAccount(db(), summit.accountId);
    const read = async () => (await v1.operatorBalance(asMember(owner.idToken, { account: "summit" }))).body.data;
    const empty = await read();
    expect(empty).toMatchObject({
      currency: "CAD",
      pendingMinor: 0,
      availableMinor: 0,
      inTransitMinor: 0,
      paidOutMinor: 0,
      platformFees: { commissionMinor: 0, serviceFeesMinor: 0, totalMinor: 0 },
      // No payout account: the defaults, and no payout until there is one.
      schedule: { interval: "weekly", day: 1, minimumMinor: 0, holdDays: 2, payoutAccount: false },
      payoutsEnabled: false,
      payoutsPaused: false,
      nextPayout: { estimatedMinor: 0, belowMinimum: false },
    });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: summit.timezone }).format(new Date());
    const weekday = ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const daysToMonday = (8 - weekday) % 7;
    expect(empty.nextPayout.date).toBe(plusDays(today, daysToMonday));

    // Past its hold (departed 3 days ago, hold 2): counted; departed yesterday: not yet (unless the
    // payout is 2 days or more away); a departure next month: not.
    const past = await paidBooking(db(), summit, { totalMinor: 2_000, startsInHours: -72 });
    await postCharge(db(), past, { operatorMinor: 1_700, commissionMinor: 300 });
    const future = await paidBooking(db(), summit, { totalMinor: 8_000, startsInHours: 24 * 40 });
    await postCharge(db(), future, { operatorMinor: 6_800, commissionMinor: 1_200 });
    const available = await paidBooking(db(), summit, { totalMinor: 1_000, startsInHours: -24 * 10 });
    await postCharge(db(), available, { operatorMinor: 850, commissionMinor: 150 });
    await postRelease(db(), available);
    const held = await read();
    expect(held).toMatchObject({ pendingMinor: 8_500, availableMinor: 850 });
    expect(held.nextPayout).toMatchObject({ estimatedMinor: 850 + 1_700, belowMinimum: false });

    // Paid out today: the next is the schedule's next date after today.
    await givePayoutAccount(db(), summit.accountId);
    const daily = await v1.operatorUpdatePayoutSchedule({
      ...asMember(owner.idToken, { account: "summit" }),
      body: { interval: "daily", minimum: "30", holdDays: 2 },
    });
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    expect(await read()).toMatchObject({
      payoutsEnabled: true,
      nextPayout: { date: today, estimatedMinor: 2_550, belowMinimum: true },
    });
    await postPayout(db(), { accountId: summit.accountId, currency: "CAD" }, "in_transit");
    const afterPayout = await read();
    expect(afterPayout).toMatchObject({ availableMinor: 0, inTransitMinor: 850, paidOutMinor: 850 });
    expect(afterPayout.nextPayout).toEqual({ date: plusDays(today, 1), estimatedMinor: 1_700, belowMinimum: true });
    const monthly = await v1.operatorUpdatePayoutSchedule({
      ...asMember(owner.idToken, { account: "summit" }),
      body: { interval: "monthly", day: 28, minimum: "0", holdDays: 0 },
    });
    expect(monthly.body.data).toEqual({
      interval: "monthly",
      day: 28,
      minimumMinor: 0,
      holdDays: 0,
      payoutAccount: true,
    });
    // Today's payout made: the 28th after today, this month's or the next's; the departure 40 days
    // away is still held then.
    const day28 = today.slice(8) < "28" ? `${today.slice(0, 8)}28` : plusMonth(today);
    expect((await read()).nextPayout).toEqual({ date: day28, estimatedMinor: 1_700, belowMinimum: false });
  });
});

function plusDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function plusMonth(date: string): string {
  const day = new Date(`${date.slice(0, 8)}28T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + 1);
  return day.toISOString().slice(0, 10);
}
