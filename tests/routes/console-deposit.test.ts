import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { services } from "~api/db/schema";
import * as prices from "~/routes/_console.console.experiences.$experienceId.prices";
import { identityWorld } from "../support/identity";
import { auditEntries } from "../support/operator";
import { consoleLoad, consolePost, memberOf } from "../support/console-routes";

/** The services and prices page's deposit form (issue 46, item 5): a native post, the API's operatorUpdateService. */
const { db } = identityWorld();

const EXPERIENCE = "brooklyn-bridge-sunrise-walk";
const PATH = `/console/experiences/${EXPERIENCE}/prices`;

const load = (cookie: string) => consoleLoad(prices, PATH, cookie, { experienceId: EXPERIENCE });
const post = (cookie: string, form: Record<string, string>) =>
  consolePost(prices, PATH, cookie, form, { experienceId: EXPERIENCE });

async function firstService() {
  const [row] = await db()
    .select()
    .from(services)
    .where(eq(services.experienceId, EXPERIENCE))
    .orderBy(asc(services.sortOrder), asc(services.id));
  return row;
}

const depositForm = (serviceId: string, fields: Record<string, string>) => ({
  intent: "deposit",
  serviceId,
  ...fields,
});

describe("the deposit form of /console/experiences/:experienceId/prices", () => {
  it("a percentage, then a fixed amount typed in dollars, then none: saved, shown, audited", async () => {
    const manager = await memberOf(db(), "manager");
    const service = await firstService();

    const percent = await post(
      manager.cookie,
      depositForm(service.id, { kind: "percent", amount: "25", minDaysBefore: "30", balanceDueDaysBefore: "14" }),
    );
    expect(percent.status).toBe(302);
    expect(percent.location).toBe(PATH);
    expect(await firstService()).toMatchObject({
      depositKind: "percent",
      depositValue: 2_500,
      depositMinDays: 30,
      balanceDueDays: 14,
    });
    const page = await load(manager.cookie);
    const shown = page.data.page.services.find((s: { id: string }) => s.id === service.id);
    expect(shown.deposit).toEqual({ kind: "percent", value: 2_500, minDaysBefore: 30, balanceDueDaysBefore: 14 });
    expect(page.data.constraints.deposit).toBeTruthy();

    const fixed = await post(
      manager.cookie,
      depositForm(service.id, { kind: "fixed", amount: "100,50", minDaysBefore: "21", balanceDueDaysBefore: "7" }),
    );
    expect(fixed.status).toBe(302);
    expect(await firstService()).toMatchObject({ depositKind: "fixed", depositValue: 10_050, balanceDueDays: 7 });

    const none = await post(manager.cookie, depositForm(service.id, { kind: "none" }));
    expect(none.status).toBe(302);
    expect(await firstService()).toMatchObject({ depositKind: null, depositValue: null, depositMinDays: null });

    const audit = await auditEntries(db(), "service.deposit_set", manager.user.uid);
    expect(audit).toHaveLength(3);
    expect(audit.map((entry) => entry.target.after)).toContain("null");
  });

  it("wrong values are answered on their fields, nothing saved", async () => {
    const manager = await memberOf(db(), "manager");
    const service = await firstService();
    const refused = await post(
      manager.cookie,
      depositForm(service.id, { kind: "percent", amount: "100", minDaysBefore: "10", balanceDueDaysBefore: "20" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toEqual({
      amount: ["prices.depositPercent_invalid"],
      balanceDueDaysBefore: ["prices.balanceAfterDeposit"],
    });
    const missing = await post(manager.cookie, depositForm(service.id, { kind: "fixed", amount: "abc" }));
    expect(missing.data.result.error).toEqual({
      amount: ["prices.priceFormat"],
      minDaysBefore: ["prices.wholeNumber"],
      balanceDueDaysBefore: ["prices.wholeNumber"],
    });
    const guide = await memberOf(db(), "guide");
    const forbidden = await post(
      guide.cookie,
      depositForm(service.id, { kind: "percent", amount: "25", minDaysBefore: "30", balanceDueDaysBefore: "14" }),
    );
    expect(forbidden.status).toBe(403);
    expect((await firstService()).depositKind).toBeNull();
  });
});
