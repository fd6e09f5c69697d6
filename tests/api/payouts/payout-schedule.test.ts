import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setOperatorStatus } from "~api/accounts/status";
import { accounts, payoutAccounts } from "~api/db/schema";
import { apiText, expectEnvelope } from "../../support/api";
import { bookingWorld } from "../../support/booking";
import { v1, v1Path } from "../../support/client";
import type { TestUser } from "../../support/identity";
import { accountIdOf, asMember, auditEntries, teamOf } from "../../support/operator";
import { givePayoutAccount, removePayoutAccount } from "../../support/money";

const { db, acme } = bookingWorld();
let team: { owner: TestUser; manager: TestUser; guide: TestUser; stranger: TestUser };

beforeAll(async () => {
  team = await teamOf(db());
  await givePayoutAccount(db(), acme.accountId);
});

const put = (token: string | undefined, body: unknown, account = "acme") =>
  v1.operatorUpdatePayoutSchedule({ ...asMember(token, { account }), body });
const scheduleRow = async (accountId: string) =>
  (await db().select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId)))[0];

describe("the payout schedule (the owner's)", () => {
  it("the owner sets it: kept on the payout account, answered, audited once per change; the balance shows it", async () => {
    const weekly = { interval: "weekly", day: 5, minimum: "50.00", holdDays: 3 };
    const answer = await put(team.owner.idToken, weekly);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({
      interval: "weekly",
      day: 5,
      minimumMinor: 5_000,
      holdDays: 3,
      payoutAccount: true,
    });
    expect(await scheduleRow(acme.accountId)).toMatchObject({
      scheduleInterval: "weekly",
      scheduleDay: 5,
      minimumMinor: 5_000,
      holdDays: 3,
    });
    // The same again changes nothing and writes no second record.
    expect((await put(team.owner.idToken, { ...weekly, minimum: "50" })).status).toBe(200);
    const daily = await put(team.owner.idToken, { interval: "daily", minimum: "0.5", holdDays: 0 });
    expect(daily.body.data).toEqual({ interval: "daily", day: 1, minimumMinor: 50, holdDays: 0, payoutAccount: true });
    const audit = await auditEntries(db(), "payout_schedule.updated", team.owner.uid);
    expect(audit.map((entry) => entry.target)).toEqual([
      { interval: "weekly", day: "5", amountMinor: "5000", currency: "USD", holdDays: "3" },
      { interval: "daily", day: "1", amountMinor: "50", currency: "USD", holdDays: "0" },
    ]);
    const balance = await v1.operatorBalance(asMember(team.manager.idToken));
    expect(balance.body.data.schedule).toEqual(daily.body.data);
  });

  it("a manager and a guide may not (403), a stranger is 404; an operator without a payout account 409", async () => {
    const monthly = { interval: "monthly", day: 15, minimum: "10", holdDays: 2 };
    expectEnvelope(await put(team.manager.idToken, monthly), 403, "forbidden");
    expectEnvelope(await put(team.guide.idToken, monthly), 403, "forbidden");
    expectEnvelope(await put(team.stranger.idToken, monthly), 404, "not_found");
    expectEnvelope(await put(undefined, monthly), 401, "unauthorized");
    expect((await scheduleRow(acme.accountId)).scheduleInterval).not.toBe("monthly");

    const olive = await teamOf(db(), "olive");
    await removePayoutAccount(db(), await accountIdOf(db(), "olive"));
    expectEnvelope(await put(olive.owner.idToken, monthly, "olive"), 409, "payout_account_missing");
    expect(await scheduleRow(await accountIdOf(db(), "olive"))).toBeUndefined();
    // Its balance still reads, with the defaults.
    const balance = await v1.operatorBalance(asMember(olive.owner.idToken, { account: "olive" }));
    expect(balance.body.data.schedule).toEqual({
      interval: "weekly",
      day: 1,
      minimumMinor: 0,
      holdDays: 2,
      payoutAccount: false,
    });
  });

  it("hostile or impossible schedules are 400 on their field, never a 500, and change nothing", async () => {
    const good = { interval: "weekly", day: 2, minimum: "20.00", holdDays: 2 };
    expect((await put(team.owner.idToken, good)).status).toBe(200);
    const refused: Array<[unknown, string]> = [
      [{ ...good, interval: "hourly" }, "interval"],
      [{ ...good, interval: ["weekly"] }, "interval"],
      [{ ...good, day: 0 }, "day"],
      [{ ...good, day: 8 }, "day"],
      [{ ...good, day: 2.5 }, "day"],
      [{ ...good, day: "2" }, "day"],
      [{ ...good, day: undefined }, "day"],
      [{ ...good, interval: "monthly", day: 29 }, "day"],
      [{ ...good, interval: "monthly", day: undefined }, "day"],
      [{ ...good, interval: "daily", day: 3 }, "day"],
      [{ ...good, minimum: "-5" }, "minimum"],
      [{ ...good, minimum: "1e3" }, "minimum"],
      [{ ...good, minimum: 20 }, "minimum"],
      [{ ...good, minimum: "12.345" }, "minimum"],
      [{ ...good, minimum: "999999999" }, "minimum"],
      [{ ...good, minimum: "9".repeat(5000) }, "minimum"],
      [{ ...good, minimum: "" }, "minimum"],
      [{ ...good, holdDays: 31 }, "holdDays"],
      [{ ...good, holdDays: -1 }, "holdDays"],
      [{ ...good, holdDays: 1.5 }, "holdDays"],
      [{ ...good, holdDays: null }, "holdDays"],
      [{ ...good, holdDays: 1e308 }, "holdDays"],
      [{ ...good, minimumMinor: 100 }, ""],
    ];
    for (const [body, field] of refused) {
      const error = expectEnvelope(await put(team.owner.idToken, body), 400, "validation_error");
      if (field) expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    for (const body of [[], "weekly", null, 7])
      expectEnvelope(await put(team.owner.idToken, body), 400, "validation_error");
    const raw = await apiText(v1Path("operatorUpdatePayoutSchedule"), {
      method: "PUT",
      token: team.owner.idToken,
      account: "acme",
      headers: { "Content-Type": "application/json" },
      body: '{"interval": "weekly", ',
    });
    expect(raw.status).toBe(400);
    expect(await scheduleRow(acme.accountId)).toMatchObject({
      scheduleInterval: "weekly",
      scheduleDay: 2,
      minimumMinor: 2_000,
      holdDays: 2,
    });
  });

  it("a yen minimum is whole yen; a suspended operator's schedule is read-only (409)", async () => {
    const summit = await teamOf(db(), "summit");
    const summitId = await accountIdOf(db(), "summit");
    await givePayoutAccount(db(), summitId);
    await db().update(accounts).set({ currency: "JPY" }).where(eq(accounts.id, summitId));
    const yen = await put(summit.owner.idToken, { interval: "daily", minimum: "1500", holdDays: 1 }, "summit");
    expect(yen.body.data.minimumMinor).toBe(1_500);
    expectEnvelope(
      await put(summit.owner.idToken, { interval: "daily", minimum: "15.5", holdDays: 1 }, "summit"),
      400,
      "validation_error",
    );
    await db().update(accounts).set({ currency: "CAD" }).where(eq(accounts.id, summitId));
    await setOperatorStatus(db(), summitId, { status: "suspended", reason: "A test of the read-only console" });
    expectEnvelope(
      await put(summit.owner.idToken, { interval: "weekly", day: 1, minimum: "0", holdDays: 2 }, "summit"),
      409,
      "operator_suspended",
    );
    expect((await v1.operatorBalance(asMember(summit.owner.idToken, { account: "summit" }))).status).toBe(200);
  });
});
