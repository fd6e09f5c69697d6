import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payoutAccounts } from "~api/db/schema";
import * as payouts from "~/routes/_console.console.payouts";
import * as sandboxOnboarding from "~/routes/_plain.sandbox.onboarding.$accountId";
import { onboardingTarget } from "~/features/console/payouts/payout-account.server";
import { requirementKeys } from "~/features/console/payouts/requirement-words";
import common from "~/locales/en/common.json";
import { consoleLoad as load, consolePost as post, expectTeamOnly, memberOf } from "../support/console-routes";
import { identityWorld } from "../support/identity";
import { accountIdOf, auditEntries } from "../support/operator";

const { db } = identityWorld();

const HARBOR = "harbor.app.localhost:3000";
const START = { intent: "startPayoutOnboarding" };

describe("/console/payouts: the payout account and its onboarding", () => {
  it("guards: signed out to sign-in, a non-member 404, a guide 404 (page and form alike)", async () => {
    await expectTeamOnly("/console/payouts", (cookie) => load(payouts, "/console/payouts", cookie));
    const guide = await memberOf(db(), "guide");
    expect((await load(payouts, "/console/payouts", guide.cookie)).status).toBe(404);
    expect((await post(payouts, "/console/payouts", guide.cookie, START)).status).toBe(404);
  });

  it("a manager sees the account but cannot start onboarding (403); no button is offered", async () => {
    const manager = await memberOf(db(), "manager");
    const page = await load(payouts, "/console/payouts", manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      canStartOnboarding: false,
      payoutAccount: { provider: "sandbox", state: "enabled", canSell: true },
    });
    expect((await post(payouts, "/console/payouts", manager.cookie, START)).status).toBe(403);
    expect(await auditEntries(db(), "payouts.onboarding_started", manager.user.uid)).toHaveLength(0);
  });

  it("an owner without an account sets up payouts: on to the sandbox's onboarding page, completed there, back to the console enabled", async () => {
    const harborId = await accountIdOf(db(), "harbor");
    await db().delete(payoutAccounts).where(eq(payoutAccounts.accountId, harborId));
    const owner = await memberOf(db(), "owner", "harbor");
    const before = await load(payouts, "/console/payouts", owner.cookie, {}, HARBOR);
    expect(before.data).toMatchObject({ canStartOnboarding: true, payoutAccount: { state: "not_started" } });

    const started = await post(payouts, "/console/payouts", owner.cookie, START, {}, HARBOR);
    expect(started.status).toBe(302);
    const location = new URL(started.location!, `http://${HARBOR}`);
    const accountId = /^\/sandbox\/onboarding\/(acct_sandbox_[A-Za-z0-9]{16})$/.exec(location.pathname)![1];
    expect(location.searchParams.get("returnUrl")).toBe("/console/payouts?onboarding=done");
    expect((await auditEntries(db(), "payouts.onboarding_started", owner.user.uid)).map((row) => row.target)).toEqual([
      { provider: "sandbox", providerAccountId: accountId, created: "true" },
    ]);
    const half = await load(payouts, "/console/payouts", owner.cookie, {}, HARBOR);
    expect(half.data.payoutAccount).toMatchObject({
      state: "onboarding",
      requirements: ["external_account", "tos_acceptance.date"],
    });

    const pagePath = `${location.pathname}${location.search}`;
    const page = await load(sandboxOnboarding, pagePath, owner.cookie, { accountId }, HARBOR);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      account: { providerAccountId: accountId, operatorName: expect.any(String), state: "onboarding" },
      returnUrl: "/console/payouts?onboarding=done",
    });
    // Anyone else (another member, another operator's owner) gets the 404 page.
    const manager = await memberOf(db(), "manager", "harbor");
    expect((await load(sandboxOnboarding, pagePath, manager.cookie, { accountId }, HARBOR)).status).toBe(404);
    const acmeOwner = await memberOf(db(), "owner");
    expect(
      (await load(sandboxOnboarding, `/sandbox/onboarding/${accountId}`, acmeOwner.cookie, { accountId })).status,
    ).toBe(404);
    expect(
      (await post(sandboxOnboarding, pagePath, acmeOwner.cookie, { returnUrl: "/console" }, { accountId })).status,
    ).toBe(404);
    // A return address of another site is not followed: the console's payouts page instead.
    const hostile = await load(
      sandboxOnboarding,
      `/sandbox/onboarding/${accountId}?returnUrl=${encodeURIComponent("//evil.example/x")}`,
      owner.cookie,
      { accountId },
      HARBOR,
    );
    expect(hostile.data.returnUrl).toBe("/console/payouts");

    const completed = await post(
      sandboxOnboarding,
      pagePath,
      owner.cookie,
      { returnUrl: "/console/payouts?onboarding=done" },
      { accountId },
      HARBOR,
    );
    expect(completed.status).toBe(302);
    expect(completed.location).toBe("/console/payouts?onboarding=done");
    const after = await load(payouts, "/console/payouts?onboarding=done", owner.cookie, {}, HARBOR);
    expect(after.data).toMatchObject({
      returned: "done",
      payoutAccount: { state: "enabled", chargesEnabled: true, payoutsEnabled: true, requirements: [] },
    });
  });

  it("follows only the sandbox's page or Stripe's onboarding; says every requirement in words", () => {
    expect(onboardingTarget("/sandbox/onboarding/acct_sandbox_AbC?returnUrl=%2Fconsole%2Fpayouts")).toBe(
      "/sandbox/onboarding/acct_sandbox_AbC?returnUrl=%2Fconsole%2Fpayouts",
    );
    expect(onboardingTarget("https://connect.stripe.com/setup/e/acct_1/xyz")).toBe(
      "https://connect.stripe.com/setup/e/acct_1/xyz",
    );
    for (const url of ["https://evil.example/setup", "http://connect.stripe.com/x", "//evil.example", "/console"])
      expect(onboardingTarget(url), url).toBeNull();

    const words = (codes: string[]) => requirementKeys(codes);
    expect(words(["external_account"])).toEqual(["payoutAccount.need.bankAccount"]);
    expect(
      words(["individual.dob.day", "individual.dob.month", "tos_acceptance.date", "tos_acceptance.ip", "what.is.this"]),
    ).toEqual(["payoutAccount.need.birthDate", "payoutAccount.need.terms", "payoutAccount.need.other"]);
    const codes = [
      "external_account",
      "tos_acceptance.date",
      "individual.verification.document",
      "individual.dob.year",
      "individual.ssn_last_4",
      "individual.address.city",
      "individual.email",
      "company.tax_id",
      "business_profile.url",
      "owners.first_name",
      "something_new",
    ];
    const need = common.payoutAccount.need as Record<string, string>;
    const keys = words(codes);
    expect(keys).toHaveLength(codes.length);
    for (const key of keys)
      expect(need[key.replace("payoutAccount.need.", "")], key).toMatch(/^\{\{provider\}\} needs /);
    expect(need.bankAccount.replace("{{provider}}", "Stripe")).toBe("Stripe needs your bank account, to pay you.");
  });
});
