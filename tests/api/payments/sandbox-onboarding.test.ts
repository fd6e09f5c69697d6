import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payoutAccounts } from "~api/db/schema";
import { createOperator } from "~api/platform/create-operator";
import { expectEnvelope } from "../../support/api";
import { bookingBody, bookingUser, bookingWorld, createSlot, findService, placeBooking } from "../../support/booking";
import { v1 } from "../../support/client";
import { syncedUser } from "../../support/identity";
import { accountIdOf, auditEntries, syncedMember } from "../../support/operator";
import { payoutAccountRow } from "../../support/payout-accounts";

/**
 * The sandbox's mirror of Connect onboarding (issue 45), at the API: a new operator starts with no
 * payout account; its owner opens one (acct_sandbox_…), the sandbox's onboarding page of this site
 * "completes" it, and it takes charges and gets payouts. The sandbox refuses no sale meanwhile.
 */
const { db, acme } = bookingWorld();

describe("payout accounts in the sandbox", () => {
  it("the demo operators start with enabled sandbox accounts", async () => {
    const row = await payoutAccountRow(db(), acme.accountId);
    expect(row).toMatchObject({
      provider: "sandbox",
      providerAccountId: expect.stringMatching(/^acct_sandbox_[A-Za-z0-9]{16}$/),
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirements: [],
    });
    const manager = await syncedMember(db(), "acme", "manager");
    const view = await v1.operatorPayoutAccount({ token: manager.idToken, account: "acme" });
    expect(view.body.data).toMatchObject({ provider: "sandbox", state: "enabled", canSell: true });
  });

  it("a new operator's owner onboards end to end: no account, opened, the sandbox's page completes it; audited; another team's owner cannot see it", async () => {
    const owner = await syncedUser();
    const created = await db().transaction((tx) =>
      createOperator(
        tx,
        {
          slug: "fjord-kayaks",
          name: "Fjord Kayaks",
          currency: "USD",
          timezone: "America/New_York",
          ownerEmail: owner.email,
        },
        { ownerUserId: owner.uid },
      ),
    );
    const operatorId = await accountIdOf(db(), "fjord-kayaks");
    expect(created).toBeTruthy();
    expect(await payoutAccountRow(db(), operatorId)).toBeNull();
    const asOwner = { token: owner.idToken, account: "fjord-kayaks" };

    // No account yet: in the sandbox it may still sell (the sandbox refuses nothing).
    expect((await v1.operatorPayoutAccount(asOwner)).body.data).toEqual({
      provider: "sandbox",
      state: "not_started",
      providerAccountId: null,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      requirements: [],
      disabledReason: null,
      canSell: true,
      updatedAt: null,
    });

    const started = await v1.operatorStartPayoutOnboarding({ ...asOwner, body: {} });
    expect(started.status).toBe(200);
    const accountId = started.body.data.account.providerAccountId as string;
    // The sandbox's "complete" button for an account (this one unless told), pressed by `who` on an operator's host.
    const complete = (who: { token: string; account: string }, payoutAccountId = accountId) =>
      v1.completeSandboxOnboarding({ ...who, params: { payoutAccountId } });
    expect(accountId).toMatch(/^acct_sandbox_[A-Za-z0-9]{16}$/);
    expect(started.body.data).toMatchObject({
      created: true,
      url: `/sandbox/onboarding/${accountId}?returnUrl=${encodeURIComponent("/console/payouts?onboarding=done")}`,
      account: {
        state: "onboarding",
        chargesEnabled: false,
        requirements: ["external_account", "tos_acceptance.date"],
      },
    });
    expect((await auditEntries(db(), "payouts.onboarding_started", owner.uid)).map((row) => row.target)).toEqual([
      { provider: "sandbox", providerAccountId: accountId, created: "true" },
    ]);
    // Started again (the owner came back later): the same account.
    const again = await v1.operatorStartPayoutOnboarding({ ...asOwner, body: { returnPath: "/console/payouts" } });
    expect(again.body.data).toMatchObject({
      created: false,
      url: `/sandbox/onboarding/${accountId}?returnUrl=${encodeURIComponent("/console/payouts")}`,
    });
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.accountId, operatorId))).toHaveLength(1);

    // The sandbox's page: the owner's own account only.
    const page = await v1.sandboxOnboarding({ ...asOwner, params: { payoutAccountId: accountId } });
    expect(page.body.data).toEqual({ providerAccountId: accountId, operatorName: "Fjord Kayaks", state: "onboarding" });
    const acmeOwner = await syncedMember(db(), "acme", "owner");
    expectEnvelope(
      await v1.sandboxOnboarding({ token: acmeOwner.idToken, account: "acme", params: { payoutAccountId: accountId } }),
      404,
      "payout_account_not_found",
    );
    expectEnvelope(await complete({ token: acmeOwner.idToken, account: "acme" }), 404, "payout_account_not_found");
    expectEnvelope(await complete(asOwner, "acct_sandbox_../../x"), 400, "validation_error");
    const stranger = await syncedUser();
    expectEnvelope(await complete({ token: stranger.idToken, account: "fjord-kayaks" }), 404, "not_found");
    expect((await payoutAccountRow(db(), operatorId))!.chargesEnabled).toBe(false);

    const completed = await complete(asOwner);
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({
      state: "enabled",
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirements: [],
      canSell: true,
    });
    expect((await v1.operatorPayoutAccount(asOwner)).body.data).toMatchObject({
      state: "enabled",
      providerAccountId: accountId,
    });
    expect((await v1.sandboxOnboarding({ ...asOwner, params: { payoutAccountId: accountId } })).body.data.state).toBe(
      "enabled",
    );
  });

  it("only the owner starts onboarding; a manager reads the account; a guide gets neither", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const guide = await syncedMember(db(), "acme", "guide");
    expectEnvelope(
      await v1.operatorStartPayoutOnboarding({ token: manager.idToken, account: "acme", body: {} }),
      403,
      "forbidden",
    );
    expectEnvelope(await v1.operatorPayoutAccount({ token: guide.idToken, account: "acme" }), 403, "forbidden");
    expect((await v1.operatorPayoutAccount({ token: manager.idToken, account: "acme" })).status).toBe(200);
    const stranger = await syncedUser();
    expectEnvelope(await v1.operatorPayoutAccount({ token: stranger.idToken, account: "acme" }), 404, "not_found");
  });

  it("the sandbox refuses no sale: an operator without a payout account still takes bookings", async () => {
    const harbor = await findService(db(), "harbor");
    await db().delete(payoutAccounts).where(eq(payoutAccounts.accountId, harbor.accountId));
    const user = await bookingUser(harbor);
    const slot = await createSlot(db(), harbor.serviceId);
    const placed = await placeBooking(user.idToken, bookingBody(harbor, slot.id, 1));
    expect(placed.status).toBe(201);
    expect(placed.body.data.checkoutUrl).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
  });
});
