import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, bookings, platformAuditLog } from "~api/db/schema";
import { paymentEnv } from "~api/env";
import { expectEnvelope } from "../../support/api";
import { findService, type TestService } from "../../support/booking";
import { v1 } from "../../support/client";
import { syncedUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";
import { platformAdmin, platformAdminWithoutSecondFactor } from "../../support/platform-admin";
import { countQueries } from "../../support/query-counter";
import type { EnrolledUser } from "../../support/two-step";
import { givePayoutAccount, paidBooking, postCharge, postPayout, postRefund, postRelease } from "../../support/money";
import { payoutsWorld } from "../../support/payouts";

const { db, acme } = payoutsWorld();
let admin: EnrolledUser;
let harbor: TestService;

beforeAll(async () => {
  admin = await platformAdmin(db());
  harbor = await findService(db(), "harbor");
});

const commissionOf = async (accountId: string) =>
  (await db().select({ bps: accounts.commissionBps }).from(accounts).where(eq(accounts.id, accountId)))[0].bps;

/** The platform admin sets acme's commission (the body as given, out of range or not), on `account`'s host if told. */
const setAcmeCommission = (body: Record<string, unknown>, account?: string) =>
  v1.adminSetCommission({
    params: { accountId: acme.accountId },
    token: admin.idToken,
    ...(account ? { account } : {}),
    body,
  });

describe("an operator's commission", () => {
  it("an admin sets it (basis points) and back to the default (null), each change audited before and after", async () => {
    const set = await setAcmeCommission({ commissionBps: 1_200 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({
      accountId: acme.accountId,
      commissionBps: 1_200,
      defaultBps: paymentEnv.commissionBps,
      effectiveBps: 1_200,
    });
    expect(await commissionOf(acme.accountId)).toBe(1_200);
    const reset = await setAcmeCommission({ commissionBps: null });
    expect(reset.body.data).toMatchObject({ commissionBps: null, effectiveBps: paymentEnv.commissionBps });
    expect(await commissionOf(acme.accountId)).toBeNull();
    const audit = await db()
      .select()
      .from(platformAuditLog)
      .where(eq(platformAuditLog.action, "operator.commission_set"))
      .orderBy(desc(platformAuditLog.at))
      .limit(2);
    expect(audit.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { slug: "acme", commissionBps: 1_200 },
        { slug: "acme", commissionBps: null },
      ],
      [
        { slug: "acme", commissionBps: null },
        { slug: "acme", commissionBps: 1_200 },
      ],
    ]);
    expect(audit[0]).toMatchObject({ actorId: admin.uid, targetType: "operator", targetId: acme.accountId });
    // The audit log reads it.
    const log = await v1.adminAuditLog({ token: admin.idToken });
    expect(log.body.data.items[0]).toMatchObject({ action: "operator.commission_set", target: { id: acme.accountId } });
  });

  it("refuses rates out of range and unknown operators; a booking keeps the rate it was sold at", async () => {
    for (const commissionBps of [-1, 10_001, 15.5, "1500", true, undefined])
      expectEnvelope(await setAcmeCommission({ commissionBps }), 400, "validation_error");
    expectEnvelope(await setAcmeCommission({ commissionBps: 100, extra: 1 }), 400, "validation_error");
    expectEnvelope(
      await v1.adminSetCommission({
        params: { accountId: "nobody" },
        token: admin.idToken,
        body: { commissionBps: 0 },
      }),
      404,
      "operator_not_found",
    );
    expectEnvelope(
      await v1.adminSetCommission({ params: { accountId: "a b" }, token: admin.idToken, body: { commissionBps: 0 } }),
      400,
      "validation_error",
    );
    // A booking sold at 15 % keeps it when the operator's rate changes (its own column).
    const booking = await paidBooking(db(), acme, { commissionBps: 1_500 });
    await setAcmeCommission({ commissionBps: 0 });
    expect(await commissionOf(acme.accountId)).toBe(0);
    const [kept] = await db().select({ bps: bookings.commissionBps }).from(bookings).where(eq(bookings.id, booking.id));
    expect(kept.bps).toBe(1_500);
  });

  it("is nobody else's: a non-admin, an operator's owner, signed out, and an admin without a second factor", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const user = await syncedUser();
    const body = { commissionBps: 0 };
    for (const token of [owner.idToken, user.idToken, undefined]) {
      expectEnvelope(
        await v1.adminSetCommission({ params: { accountId: acme.accountId }, ...(token ? { token } : {}), body }),
        404,
        "not_found",
      );
      expectEnvelope(await v1.adminPlatformEarnings(token ? { token } : {}), 404, "not_found");
      expectEnvelope(
        await v1.adminOperatorMoney({ params: { accountId: acme.accountId }, ...(token ? { token } : {}) }),
        404,
        "not_found",
      );
    }
    // On a storefront host, even an admin: 404.
    expectEnvelope(await setAcmeCommission(body, "acme"), 404, "not_found");
    const noFactor = await platformAdminWithoutSecondFactor(db());
    expectEnvelope(
      await v1.adminSetCommission({ params: { accountId: acme.accountId }, token: noFactor.idToken, body }),
      403,
      "second_factor_required",
    );
  });
});

describe("the platform's earnings and an operator's money", () => {
  it("sums commission and service fees per currency and per operator over the range, refunds taken off", async () => {
    const read = async (query: Record<string, string> = {}) => {
      const answer = await v1.adminPlatformEarnings({ token: admin.idToken, query });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const before = await read();
    const total = (data: typeof before, currency: string) =>
      data.totals.find((entry: { currency: string }) => entry.currency === currency) ?? {
        commissionMinor: 0,
        serviceFeesMinor: 0,
        totalMinor: 0,
      };
    const operator = (data: typeof before, id: string) =>
      data.operators.find((entry: { id: string }) => entry.id === id) ?? {
        commissionMinor: 0,
        serviceFeesMinor: 0,
        totalMinor: 0,
      };

    const usd = await paidBooking(db(), acme, { totalMinor: 10_300, feesMinor: 300 });
    await postCharge(db(), usd, { operatorMinor: 8_500, commissionMinor: 1_500, serviceFeeMinor: 300 });
    await postRefund(db(), usd, { operatorMinor: 3_400, commissionMinor: 600, serviceFeeMinor: 120 });
    const eur = await paidBooking(db(), harbor, { totalMinor: 4_000 });
    await postCharge(db(), eur, { operatorMinor: 3_600, commissionMinor: 400 });

    const after = await read();
    expect(after.to).toBe(new Date().toISOString().slice(0, 10));
    const diff = (a: { commissionMinor: number; serviceFeesMinor: number; totalMinor: number }, b: typeof a) => ({
      commissionMinor: a.commissionMinor - b.commissionMinor,
      serviceFeesMinor: a.serviceFeesMinor - b.serviceFeesMinor,
      totalMinor: a.totalMinor - b.totalMinor,
    });
    expect(diff(total(after, "USD"), total(before, "USD"))).toEqual({
      commissionMinor: 900,
      serviceFeesMinor: 180,
      totalMinor: 1_080,
    });
    expect(diff(total(after, "EUR"), total(before, "EUR"))).toEqual({
      commissionMinor: 400,
      serviceFeesMinor: 0,
      totalMinor: 400,
    });
    expect(diff(operator(after, acme.accountId), operator(before, acme.accountId))).toEqual({
      commissionMinor: 900,
      serviceFeesMinor: 180,
      totalMinor: 1_080,
    });
    expect(operator(after, harbor.accountId)).toMatchObject({ slug: "harbor", currency: "EUR" });
    // Each currency's total is its operators' sum.
    for (const { currency, totalMinor } of after.totals)
      expect(totalMinor).toBe(
        after.operators
          .filter((entry: { currency: string }) => entry.currency === currency)
          .reduce((sum: number, entry: { totalMinor: number }) => sum + entry.totalMinor, 0),
      );

    // A range before any of it: nothing.
    expect(await read({ from: "2001-01-01", to: "2001-12-31" })).toEqual({
      from: "2001-01-01",
      to: "2001-12-31",
      totals: [],
      operators: [],
    });
    for (const query of [
      { from: "2026-01-01" },
      { from: "2026-02-01", to: "2026-01-01" },
      { from: "2024-01-01", to: "2025-01-02" },
      { from: "2026-02-30", to: "2026-03-01" },
      { from: "yesterday", to: "today" },
    ])
      expectEnvelope(await v1.adminPlatformEarnings({ token: admin.idToken, query }), 400, "validation_error");
  });

  it("shows an admin an operator's money as its console reads it, in a constant number of statements", async () => {
    await givePayoutAccount(db(), harbor.accountId);
    const team = await syncedMember(db(), "harbor", "owner");
    for (let i = 0; i < 3; i++) {
      const booking = await paidBooking(db(), harbor, { totalMinor: 2_000, startsInHours: -100 });
      await postCharge(db(), booking, { operatorMinor: 1_700, commissionMinor: 300 });
      await postRelease(db(), booking);
      await postPayout(db(), { accountId: harbor.accountId, currency: "EUR" });
    }
    const money = await v1.adminOperatorMoney({ params: { accountId: harbor.accountId }, token: admin.idToken });
    expect(money.status, JSON.stringify(money.body)).toBe(200);
    const own = await v1.operatorBalance(asMember(team.idToken, { account: "harbor" }));
    const ownPayouts = await v1.operatorListPayouts(asMember(team.idToken, { account: "harbor" }));
    expect(money.body.data).toMatchObject({
      operator: { id: harbor.accountId, slug: "harbor" },
      commission: { accountId: harbor.accountId, effectiveBps: paymentEnv.commissionBps },
      balance: own.body.data,
      payouts: ownPayouts.body.data,
    });
    expect(money.body.data.payouts.items).toHaveLength(3);
    const one = await countQueries(db(), () =>
      v1.adminOperatorMoney({ params: { accountId: harbor.accountId }, token: admin.idToken, query: { limit: 1 } }),
    );
    const three = await countQueries(db(), () =>
      v1.adminOperatorMoney({ params: { accountId: harbor.accountId }, token: admin.idToken, query: { limit: 3 } }),
    );
    expect(three).toBe(one);
    expectEnvelope(
      await v1.adminOperatorMoney({ params: { accountId: "nobody" }, token: admin.idToken }),
      404,
      "operator_not_found",
    );
  });
});
