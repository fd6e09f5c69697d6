import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { giftCards } from "~api/db/schema";
import * as balanceRoute from "~/routes/_external.gift-cards.$code";
import * as codeRoute from "~/routes/_external.gift-cards._index";
import * as paymentsRoute from "~/routes/_default.account.payments";
import * as buyRoute from "~/routes/_external.gift-cards.buy";
import * as consoleRoute from "~/routes/_console.console.gift-cards";
import * as giftCardReceiptRoute from "~/routes/_default.account.gift-cards.$giftCardId.receipt";
import { newGiftCardCode } from "~api/gift-cards/ledger";
import { GIFT_CARD_LOOKUPS_PER_ADDRESS } from "~api/gift-cards/attempts";
import { groupGiftCardCode } from "~contract/gifts/gift-cards";
import { seedDbForThisFile } from "../support/api";
import { uniqueEmail, withEmulatorUsers } from "../support/identity";
import { args, loaded, outcome, pageRequest, signedInUser } from "../support/routes";
import { consoleLoad, consolePost, memberOf } from "../support/console-routes";
import { issuedGiftCard } from "../support/gift-cards";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const load = (code: string) =>
  outcome(() => balanceRoute.loader(args(pageRequest(`/gift-cards/${code}`), { code }) as never));

describe("/gift-cards and /gift-cards/{code}", () => {
  it("the typed code (any case, dashes or not) leads to the balance page, which is private", async () => {
    const { code } = await issuedGiftCard(db(), 2_500);
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

  it("past the API's per-address limit: the 429 page with Retry-After, not a 500 (issue 39 item 16)", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const path = () => groupGiftCardCode(newGiftCardCode());
    const at = (code: string) =>
      outcome(() =>
        balanceRoute.loader(
          args(pageRequest(`/gift-cards/${code}`, { headers: { "X-Forwarded-For": ip } }), { code }) as never,
        ),
      );
    for (let i = 0; i < GIFT_CARD_LOOKUPS_PER_ADDRESS; i++) expect((await at(path())).status).toBe(404);
    const limited = await at(path());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(String(limited.data)).toMatch(/try again/i);
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
    const { code } = await issuedGiftCard(db(), 1_500, { recipientEmail: user.email });
    const page = await loaded(paymentsRoute, "/account/payments", cookie);
    expect(page.status).toBe(200);
    expect(page.data.giftCards).toEqual([
      expect.objectContaining({ last4: code.slice(-4), balanceMinor: 1_500, relation: "received" }),
    ]);
    const stranger = await signedInUser();
    expect((await loaded(paymentsRoute, "/account/payments", stranger.cookie)).data.giftCards).toEqual([]);
  });
});

describe("/gift-cards/buy", () => {
  const post = (cookie: string | null, form: Record<string, string>, origin?: string, host?: string) =>
    outcome(() => buyRoute.action(args(pageRequest("/gift-cards/buy", { cookie, form, origin, host })) as never));
  // A recipient of this run only: the table keeps marketplace cards across re-seeds of a shared database.
  const friend = uniqueEmail("buy-friend");
  const order = { amount: "50", recipientEmail: friend, senderName: "Alex", message: "Enjoy!" };

  it("asks to sign in first; then states the offer of the marketplace or of the storefront", async () => {
    const out = await outcome(() => buyRoute.loader(args(pageRequest("/gift-cards/buy")) as never));
    expect(out.status).toBe(302);
    expect(out.location).toContain("/login?redirectUrl=");
    const { cookie } = await signedInUser({ firstName: "Alex" });
    const page = await loaded(buyRoute, "/gift-cards/buy", cookie);
    expect(page.data.offer).toMatchObject({ currency: "USD", operatorName: null, minMinor: 1_000 });
    expect(page.data.senderName).toBe("Alex");
    const store = await consoleLoad(buyRoute, "/gift-cards/buy", cookie);
    expect(store.data.offer.operatorName).not.toBeNull();
    expect(store.data.title).toContain(store.data.offer.operatorName);
  });

  it("posts without JavaScript: refused cross-site, checked, then on to the checkout for exactly the amount", async () => {
    const { cookie } = await signedInUser();
    expect((await post(cookie, order, "https://evil.example")).status).toBe(403);
    const bad = await post(cookie, { ...order, amount: "lots", recipientEmail: "nope" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("giftCards.buy.amountInvalid");
    expect(JSON.stringify(bad.data)).toContain("giftCards.buy.recipientEmailInvalid");
    const small = await post(cookie, { ...order, amount: "5" });
    expect(JSON.stringify(small.data)).toContain("giftCards.buy.amountRange");
    const past = await post(cookie, { ...order, deliverOn: "2001-01-01" });
    expect(JSON.stringify(past.data)).toContain("giftCards.buy.dateInvalid");

    const started = await post(cookie, { ...order, amount: "49.50", timeZone: "Europe/Lisbon" });
    expect(started.status).toBe(302);
    expect(started.location).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    const rows = await db().select().from(giftCards).where(eq(giftCards.recipientEmail, friend));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 4_950, status: "pending", senderName: "Alex", message: "Enjoy!" });
  });
});

describe("/console/gift-cards", () => {
  it("guards: signed out to sign-in, a non-member 404, a guide 403; managers see the storefront's cards", async () => {
    const out = await consoleLoad(consoleRoute, "/console/gift-cards", null);
    expect(out.status).toBe(302);
    const stranger = await signedInUser();
    expect((await consoleLoad(consoleRoute, "/console/gift-cards", stranger.cookie)).status).toBe(404);
    const guide = await memberOf(db(), "guide");
    expect((await consoleLoad(consoleRoute, "/console/gift-cards", guide.cookie)).status).toBe(403);

    const buyer = await signedInUser();
    const consoleFriend = uniqueEmail("console-friend");
    const bought = await consolePost(buyRoute, "/gift-cards/buy", buyer.cookie, {
      amount: "30",
      recipientEmail: consoleFriend,
      senderName: "Bo",
    });
    expect(bought.status).toBe(302);
    const manager = await memberOf(db(), "manager");
    const before = await consoleLoad(consoleRoute, "/console/gift-cards", manager.cookie);
    // Not paid yet: not a card of anyone's.
    expect(before.data.cards.items).toEqual([]);
    await db().update(giftCards).set({ status: "scheduled" }).where(eq(giftCards.recipientEmail, consoleFriend));
    const page = await consoleLoad(consoleRoute, "/console/gift-cards", manager.cookie);
    expect(page.data.cards.items).toEqual([
      expect.objectContaining({ recipientEmail: consoleFriend, amountMinor: 3_000, last4: null }),
    ]);
  });
});

describe("/account/payments: gift cards bought (receipts) and added to the account (issue 39 item 14)", () => {
  const addCard = (cookie: string, code: string, init: { origin?: string; ip?: string } = {}) =>
    outcome(() =>
      paymentsRoute.action(
        args(
          pageRequest("/account/payments", {
            cookie,
            origin: init.origin,
            form: { intent: "add-gift-card", code },
            headers: init.ip ? { "X-Forwarded-For": init.ip } : {},
          }),
        ) as never,
      ),
    );

  it("a code typed on the payments page keeps the card on the account (no JavaScript needed); a wrong one is the field's error", async () => {
    const { cookie } = await signedInUser();
    const { code } = await issuedGiftCard(db(), 2_000, { recipientEmail: uniqueEmail("friend") });
    expect((await addCard(cookie, code, { origin: "https://evil.example" })).status).toBe(403);
    const wrong = await addCard(cookie, groupGiftCardCode(newGiftCardCode()));
    expect(wrong.status).toBe(404);
    expect(wrong.data).toMatchObject({ intent: "add-gift-card" });
    expect(wrong.data.result.error.code).toEqual(["giftCards.invalid"]);
    const added = await addCard(cookie, groupGiftCardCode(code).toLowerCase());
    expect(added.status).toBe(302);
    expect(added.location).toBe("/account/payments");
    const page = await loaded(paymentsRoute, "/account/payments", cookie);
    expect(page.data.giftCards).toEqual([
      expect.objectContaining({ last4: code.slice(-4), relation: "saved", balanceMinor: 2_000 }),
    ]);
    // Limited as the API is: past the per-address limit, 429 with Retry-After on the form.
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    let last = await addCard(cookie, newGiftCardCode(), { ip });
    for (let i = 0; i < GIFT_CARD_LOOKUPS_PER_ADDRESS; i++) last = await addCard(cookie, newGiftCardCode(), { ip });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("a card bought is listed with a printable receipt, the buyer's only", async () => {
    const { user, cookie } = await signedInUser();
    const { card } = await issuedGiftCard(db(), 7_500, {
      purchaserId: user.uid,
      recipientEmail: uniqueEmail("friend"),
    });
    const page = await loaded(paymentsRoute, "/account/payments", cookie);
    expect(page.data.giftCards).toEqual([
      expect.objectContaining({ id: card.id, relation: "bought", amountMinor: 7_500 }),
    ]);
    expect(page.data.giftCards[0].paidAt).toBeTruthy();
    const receiptPath = `/account/gift-cards/${card.id}/receipt`;
    const receipt = await outcome(() =>
      giftCardReceiptRoute.loader(args(pageRequest(receiptPath, { cookie }), { giftCardId: card.id }) as never),
    );
    expect(receipt.status).toBe(200);
    expect(receipt.data.card).toMatchObject({ id: card.id, amountMinor: 7_500, currency: "USD" });
    const stranger = await signedInUser();
    const theirs = await outcome(() =>
      giftCardReceiptRoute.loader(
        args(pageRequest(receiptPath, { cookie: stranger.cookie }), { giftCardId: card.id }) as never,
      ),
    );
    expect(theirs.status).toBe(404);
  });
});
