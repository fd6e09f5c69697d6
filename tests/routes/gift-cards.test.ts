import { describe, expect, it } from "vitest";
import * as balanceRoute from "~/routes/_external.gift-cards.$code";
import * as codeRoute from "~/routes/_external.gift-cards._index";
import * as paymentsRoute from "~/routes/_default.account.payments";
import { issueGiftCard, newGiftCardCode } from "~api/gift-cards/ledger";
import { groupGiftCardCode } from "~contract/gift-cards";
import { seedDbForThisFile } from "../api/helpers/api";
import { withEmulatorUsers } from "../api/helpers/identity";
import { args, loaded, outcome, pageRequest, signedInUser } from "./helpers";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const load = (code: string) =>
  outcome(() => balanceRoute.loader(args(pageRequest(`/gift-cards/${code}`), { code }) as never));

describe("/gift-cards and /gift-cards/{code}", () => {
  it("the typed code (any case, dashes or not) leads to the balance page, which is private", async () => {
    const { code } = await issueGiftCard(db(), {
      accountId: null,
      currency: "USD",
      amountMinor: 2_500,
      purchaserId: null,
      recipientEmail: "friend@example.com",
    });
    const foreign = await outcome(() =>
      codeRoute.action(args(pageRequest("/gift-cards", { form: { code }, origin: "https://evil.example" })) as never),
    );
    expect(foreign.status).toBe(403);
    const posted = await outcome(() =>
      codeRoute.action(args(pageRequest("/gift-cards", { form: { code: ` ${code.toLowerCase()} ` } })) as never),
    );
    expect(posted.status).toBe(302);
    expect(posted.location).toBe(`/gift-cards/${groupGiftCardCode(code)}`);
    const empty = await outcome(() => codeRoute.action(args(pageRequest("/gift-cards", { form: {} })) as never));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain("giftCards.codeRequired");

    const page = await load(groupGiftCardCode(code));
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.data.card).toMatchObject({ last4: code.slice(-4), balanceMinor: 2_500 });
    expect(page.data.card.transactions).toHaveLength(1);
  });

  it("an unknown or malformed code reads the same: a 404 page with the form", async () => {
    for (const code of [groupGiftCardCode(newGiftCardCode()), "invalid"]) {
      const page = await load(code);
      expect(page.status).toBe(404);
      expect(page.data.card).toBeNull();
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("/account/payments lists the cards sent to the traveller (last 4 and balance), no one else's", async () => {
    const { user, cookie } = await signedInUser();
    const { code } = await issueGiftCard(db(), {
      accountId: null,
      currency: "USD",
      amountMinor: 1_500,
      purchaserId: null,
      recipientEmail: user.email,
    });
    const page = await loaded(paymentsRoute, "/account/payments", cookie);
    expect(page.status).toBe(200);
    expect(page.data.giftCards).toEqual([
      expect.objectContaining({ last4: code.slice(-4), balanceMinor: 1_500, relation: "received" }),
    ]);
    const stranger = await signedInUser();
    expect((await loaded(paymentsRoute, "/account/payments", stranger.cookie)).data.giftCards).toEqual([]);
  });
});
