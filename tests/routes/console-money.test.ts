import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, payoutAccounts } from "~api/db/schema";
import { statementCsv } from "~contract/payouts/money-outputs";
import * as payouts from "~/routes/_console.console.payouts";
import * as payout from "~/routes/_console.console.payouts_.$payoutId";
import * as statementCsvRoute from "~/routes/_console.console.statement[.]csv";
import { bookingWorld, findService } from "../support/booking";
import { consoleLoad as load, consolePost as post, expectTeamOnly, memberOf } from "../support/console-routes";
import {
  givePayoutAccount,
  paidBooking,
  postCharge,
  postPayout,
  postRefund,
  postRelease,
  removePayoutAccount,
} from "../support/money";
import { flashOf } from "../support/routes";

const { db, acme } = bookingWorld();
let owner: { cookie: string; user: { uid: string } };
let manager: { cookie: string };
let payoutId: string;
let bookingId: string;

beforeAll(async () => {
  owner = await memberOf(db(), "owner");
  manager = await memberOf(db(), "manager");
  await givePayoutAccount(db(), acme.accountId);
  const booking = await paidBooking(db(), acme, { totalMinor: 10_000, startsInHours: -72 });
  await postCharge(db(), booking, { operatorMinor: 8_500, commissionMinor: 1_500 });
  await postRefund(db(), booking, { operatorMinor: 3_400, commissionMinor: 600 });
  await postRelease(db(), booking);
  payoutId = (await postPayout(db(), acme)).id;
  bookingId = booking.id;
});

const SCHEDULE = {
  intent: "schedule",
  interval: "weekly",
  weekday: "5",
  monthDay: "1",
  minimum: "25.00",
  holdDays: "3",
};

describe("/console/payouts", () => {
  it("guards: signed out to sign-in, a non-member 404, a guide the 404 page (the page, a payout, the CSV, a post)", async () => {
    await expectTeamOnly("/console/payouts", (cookie) => load(payouts, "/console/payouts", cookie));
    const guide = await memberOf(db(), "guide");
    const notFound = await load(payouts, "/console/payouts", guide.cookie);
    expect(notFound.status).toBe(404);
    // The 404 page's own words, not the console's refusal (which tells a role what it may not open).
    expect(notFound.data).toEqual(expect.stringContaining("/console/payouts"));
    expect((await load(payout, `/console/payouts/${payoutId}`, guide.cookie, { payoutId })).status).toBe(404);
    expect((await load(statementCsvRoute, "/console/statement.csv", guide.cookie)).status).toBe(404);
    expect((await post(payouts, "/console/payouts", guide.cookie, SCHEDULE)).status).toBe(404);
  });

  it("shows a manager the balance, the payouts, the month's statement and the schedule, read-only", async () => {
    const page = await load(payouts, "/console/payouts", manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      canManage: false,
      invalidMonth: false,
      paged: false,
      balance: { currency: "USD", pendingMinor: 0, availableMinor: 0, paidOutMinor: 5_100 },
    });
    expect(page.data.balance.platformFees.totalMinor).toBe(900);
    expect(page.data.payouts.items[0]).toMatchObject({ id: payoutId, amountMinor: 5_100, bookings: 1 });
    expect(page.data.statement.rows).toEqual([
      expect.objectContaining({
        bookingId,
        grossMinor: 10_000,
        platformFeeMinor: 900,
        refundsMinor: 4_000,
        netMinor: 5_100,
      }),
    ]);
    expect(page.data.statement.payouts.map((entry: { id: string }) => entry.id)).toEqual([payoutId]);
    // The manager's post of the owner's form: the console's refusal.
    const refused = await post(payouts, "/console/payouts", manager.cookie, SCHEDULE);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ refused: "role", ability: "managePayouts", role: "manager" });
    expect(
      (await db().select().from(payoutAccounts).where(eq(payoutAccounts.accountId, acme.accountId)))[0],
    ).toMatchObject({ scheduleInterval: "weekly", scheduleDay: 1, minimumMinor: 0 });
  });

  it("a month asked for: its statement and the months around; one that cannot be read: this month's, said", async () => {
    const old = await load(payouts, "/console/payouts?month=2001-02", manager.cookie);
    expect(old.data.statement).toMatchObject({
      month: "2001-02",
      previousMonth: "2001-01",
      nextMonth: "2001-03",
      rows: [],
    });
    expect(old.data.invalidMonth).toBe(false);
    const bad = await load(payouts, "/console/payouts?month=2026-13&cursor=%25%25", manager.cookie);
    expect(bad.status).toBe(200);
    expect(bad.data.invalidMonth).toBe(true);
    expect(bad.data.statement.rows).toHaveLength(1);
    expect(bad.data.paged).toBe(false);
  });

  it("the owner saves the schedule without JavaScript: back to the page with a flash, kept and audited", async () => {
    const page = await load(payouts, "/console/payouts", owner.cookie);
    expect(page.data.canManage).toBe(true);
    const saved = await post(payouts, "/console/payouts", owner.cookie, SCHEDULE);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/console/payouts");
    expect(flashOf(saved.headers)).toContain("payouts.schedule.saved");
    expect(
      (await db().select().from(payoutAccounts).where(eq(payoutAccounts.accountId, acme.accountId)))[0],
    ).toMatchObject({ scheduleInterval: "weekly", scheduleDay: 5, minimumMinor: 2_500, holdDays: 3 });
    const monthly = await post(payouts, "/console/payouts", owner.cookie, {
      ...SCHEDULE,
      interval: "monthly",
      monthDay: "28",
    });
    expect(monthly.status).toBe(302);
    const audit = await db().select().from(auditLog).where(eq(auditLog.actorId, owner.user.uid));
    expect(audit.map((entry) => [entry.action, entry.target.interval, entry.target.day])).toEqual([
      ["payout_schedule.updated", "weekly", "5"],
      ["payout_schedule.updated", "monthly", "28"],
    ]);
  });

  it("refuses a schedule its rules or the API refuse, on the form, with the values kept", async () => {
    for (const [change, field] of [
      [{ interval: "hourly" }, "interval"],
      [{ weekday: "8" }, "weekday"],
      [{ monthDay: "29" }, "monthDay"],
      [{ minimum: "-1" }, "minimum"],
      [{ holdDays: "31" }, "holdDays"],
    ] as const) {
      const refused = await post(payouts, "/console/payouts", owner.cookie, { ...SCHEDULE, ...change });
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.data.result.error), field).toEqual([field]);
    }
    // Its rules pass, the API's do not (more decimals than dollars have).
    const api = await post(payouts, "/console/payouts", owner.cookie, { ...SCHEDULE, minimum: "1.005" });
    expect(api.status).toBe(400);
    expect(api.data.result.error).toEqual({ minimum: ["validation.payoutMinimumInvalid"] });
    expect(api.data.result.initialValue.minimum).toBe("1.005");

    // An operator without a payout account: the form says to set one up first (409).
    const harbor = await findService(db(), "harbor");
    await removePayoutAccount(db(), harbor.accountId);
    const harborOwner = await memberOf(db(), "owner", "harbor");
    const host = "harbor.app.localhost:3000";
    const missing = await post(payouts, "/console/payouts", harborOwner.cookie, SCHEDULE, {}, host);
    expect(missing.status).toBe(409);
    expect(missing.data.result.error).toEqual({ "": ["payouts.schedule.noAccount"] });
    const page = await load(payouts, "/console/payouts", harborOwner.cookie, {}, host);
    expect(page.data.balance.schedule.payoutAccount).toBe(false);
    expect(page.data.balance.currency).toBe(harbor.currency);
  });

  it("a payout's page lists the bookings it paid; another operator's payout, or a malformed id, is the 404 page", async () => {
    const page = await load(payout, `/console/payouts/${payoutId}`, manager.cookie, { payoutId });
    expect(page.status).toBe(200);
    expect(page.data.payout).toMatchObject({ id: payoutId, amountMinor: 5_100 });
    expect(page.data.payout.lines).toEqual([expect.objectContaining({ bookingId, amountMinor: 5_100 })]);
    expect(page.data.timeZone).toBe(acme.timezone);
    const harborOwner = await memberOf(db(), "owner", "harbor");
    const host = "harbor.app.localhost:3000";
    expect((await load(payout, `/console/payouts/${payoutId}`, harborOwner.cookie, { payoutId }, host)).status).toBe(
      404,
    );
    for (const id of ["po_0000000000000000", "nope", "po_%27"])
      expect((await load(payout, `/console/payouts/${id}`, manager.cookie, { payoutId: id })).status, id).toBe(404);
  });

  it("the CSV download is the page's statement, by the contract's function; a bad month a 400 in words", async () => {
    const page = await load(payouts, "/console/payouts", owner.cookie);
    const csv = await load(
      statementCsvRoute,
      `/console/statement.csv?month=${page.data.statement.month}`,
      owner.cookie,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toBe(
      `attachment; filename="statement-acme-${page.data.statement.month}.csv"`,
    );
    expect(csv.data).toBe(statementCsv(page.data.statement));
    expect(csv.data).toContain(",100.00 USD,9.00 USD,40.00 USD,0.00 USD,51.00 USD");
    const bad = await load(statementCsvRoute, "/console/statement.csv?month=2026-13", owner.cookie);
    expect(bad.status).toBe(400);
    expect(bad.data).toBe("Give a month as YYYY-MM.");
  });
});
