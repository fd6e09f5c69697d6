import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, platformAuditLog } from "~api/db/schema";
import * as operatorMoney from "~/routes/_admin.admin.operators_.$accountId";
import * as earnings from "~/routes/_admin.admin.earnings";
import { bookingWorld } from "../support/booking";
import { memberOf } from "../support/console-routes";
import { paidBooking, postCharge } from "../support/money";
import { signedInPlatformAdmin } from "../support/platform-admin";
import { args, flashOf, outcome, pageRequest } from "../support/routes";

const { db, acme } = bookingWorld();

type Route = { loader: (args: never) => unknown };
const load = (route: Route, path: string, cookie: string | null, params: Record<string, string> = {}) =>
  outcome(() => route.loader(args(pageRequest(path, { cookie }), params) as never));
const post = (path: string, cookie: string, form: Record<string, string>, accountId: string) =>
  outcome(() => operatorMoney.action(args(pageRequest(path, { cookie, form }), { accountId }) as never));
const commissionOf = async (accountId: string) =>
  (await db().select({ bps: accounts.commissionBps }).from(accounts).where(eq(accounts.id, accountId)))[0].bps;

describe("/admin/operators/:accountId: an operator's money and commission", () => {
  it("shows an admin the operator's balance and payouts, and sets its commission as a percentage (empty: the default)", async () => {
    const { cookie } = await signedInPlatformAdmin(db());
    const path = `/admin/operators/${acme.accountId}`;
    const page = await load(operatorMoney, path, cookie, { accountId: acme.accountId });
    expect(page.status).toBe(200);
    expect(page.data.money).toMatchObject({
      operator: { id: acme.accountId, slug: "acme" },
      balance: { currency: "USD" },
      payouts: { items: [] },
    });
    expect(page.data.title).toContain(page.data.money.operator.name);

    const set = await post(path, cookie, { intent: "commission", percent: "12.5" }, acme.accountId);
    expect(set.status).toBe(302);
    expect(set.location).toBe(path);
    expect(flashOf(set.headers)).toContain("admin.money.commissionSet");
    expect(await commissionOf(acme.accountId)).toBe(1_250);
    const reset = await post(path, cookie, { intent: "commission", percent: "" }, acme.accountId);
    expect(flashOf(reset.headers)).toContain("admin.money.commissionDefault");
    expect(await commissionOf(acme.accountId)).toBeNull();
    const audited = await db()
      .select()
      .from(platformAuditLog)
      .where(eq(platformAuditLog.action, "operator.commission_set"));
    expect(audited.map((entry) => entry.after)).toEqual([
      { slug: "acme", commissionBps: 1_250 },
      { slug: "acme", commissionBps: null },
    ]);

    for (const percent of ["101", "-1", "12.345", "abc", "1e2"]) {
      const refused = await post(path, cookie, { intent: "commission", percent }, acme.accountId);
      expect(refused.status, percent).toBe(400);
      expect(refused.data.result.error, percent).toEqual({ percent: ["validation.commissionInvalid"] });
    }
    expect(await commissionOf(acme.accountId)).toBeNull();
    // An unknown operator: the 404 page, on the page and on its form.
    expect((await load(operatorMoney, "/admin/operators/nobody", cookie, { accountId: "nobody" })).status).toBe(404);
    expect(
      (await post("/admin/operators/nobody", cookie, { intent: "commission", percent: "5" }, "nobody")).status,
    ).toBe(404);
  });

  it("is the 404 page to an operator's owner, and a post from one changes nothing", async () => {
    const owner = await memberOf(db(), "owner");
    const path = `/admin/operators/${acme.accountId}`;
    expect((await load(operatorMoney, path, owner.cookie, { accountId: acme.accountId })).status).toBe(404);
    const posted = await post(path, owner.cookie, { intent: "commission", percent: "0" }, acme.accountId);
    expect(posted.status).toBe(404);
    expect(await commissionOf(acme.accountId)).toBeNull();
  });
});

describe("/admin/earnings", () => {
  it("shows the platform's earnings of the range per currency and operator; a range it cannot read: the last 30 days, said", async () => {
    const { cookie } = await signedInPlatformAdmin(db());
    const booking = await paidBooking(db(), acme, { totalMinor: 10_300, feesMinor: 300 });
    await postCharge(db(), booking, { operatorMinor: 8_500, commissionMinor: 1_500, serviceFeeMinor: 300 });
    const today = new Date().toISOString().slice(0, 10);
    const page = await load(earnings, `/admin/earnings?from=${today}&to=${today}`, cookie);
    expect(page.status).toBe(200);
    expect(page.data.refused).toBe(false);
    expect(page.data.earnings.totals).toEqual([
      { currency: "USD", commissionMinor: 1_500, serviceFeesMinor: 300, totalMinor: 1_800 },
    ]);
    expect(page.data.earnings.operators).toEqual([
      expect.objectContaining({ slug: "acme", currency: "USD", totalMinor: 1_800 }),
    ]);
    const refused = await load(earnings, "/admin/earnings?from=2026-02-01&to=2026-01-01", cookie);
    expect(refused.status).toBe(200);
    expect(refused.data.refused).toBe(true);
    expect(refused.data.earnings.to).toBe(today);
    const owner = await memberOf(db(), "owner");
    expect((await load(earnings, "/admin/earnings", owner.cookie)).status).toBe(404);
  });
});
