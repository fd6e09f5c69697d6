// Issue 39 item 5: the confirm page's gift card. Applied (the Apply button, without JavaScript; a
// whole code typed, with it) it answers its balance, so that Pay says what the checkout charges; a
// card in another currency says both currencies, applied or paid with.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings } from "~api/db/schema";
import { issueGiftCard } from "~api/gift-cards/ledger";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import { chargeAfterGiftCard, GIFT_CARD_INTENT } from "~/features/gift-cards/confirm-gift-card";
import { bookingUser, bookingWorld, createSlot } from "../support/booking";
import { args, ORIGIN, outcome, sessionFor } from "../support/routes";

const { db, acme } = bookingWorld();

const confirmPath = (slotId: string) =>
  `/experiences/${acme.experienceId}/${acme.serviceId}/confirm?slot=${slotId}&t_${acme.adult.id}=1`;
const params = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });

/** The pay form as the browser sends it: intent=pay (hidden), and the Apply button's intent when it was pressed. */
function post(path: string, cookie: string, giftCardCode: string, apply: boolean) {
  const body = new URLSearchParams({ intent: "pay", idempotencyKey: randomUUID(), operator: "acme", giftCardCode });
  if (apply) body.append("intent", GIFT_CARD_INTENT);
  const request = new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return outcome(() => confirmRoute.action(args(request, params()) as never));
}

const card = (currency: string, amountMinor: number) =>
  issueGiftCard(db(), { accountId: null, currency, amountMinor, purchaserId: null, recipientEmail: "g@example.com" });

describe("confirm: the gift card", () => {
  it("Pay says what the checkout charges once the card paid its part ($118.45 less $50.00: $68.45)", () => {
    expect(chargeAfterGiftCard(11_845, { balanceMinor: 5_000 })).toBe(6_845);
    expect(chargeAfterGiftCard(11_845, { balanceMinor: 20_000 })).toBe(0);
    expect(chargeAfterGiftCard(11_845, null)).toBe(11_845);
  });

  it("Apply answers the card's balance (what Pay then subtracts) and books nothing", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const { code } = await card(acme.currency, 500);
    const applied = await post(confirmPath(slot.id), cookie, code.toLowerCase(), true);
    expect(applied.status).toBe(200);
    expect(applied.data.giftCard).toEqual({ last4: code.slice(-4), currency: acme.currency, balanceMinor: 500 });
    expect(applied.data.result.error ?? {}).toEqual({});
    const wrong = await post(confirmPath(slot.id), cookie, "ABCD-EFGH-JKMN-PQRS", true);
    expect(wrong.data.result.error.giftCardCode).toEqual(["confirm.giftCardInvalid"]);
    expect(await db().select().from(bookings).where(eq(bookings.userId, user.uid))).toEqual([]);
  });

  it("a card in another currency says so, applied or paid with, naming its currency", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const other = acme.currency === "EUR" ? "USD" : "EUR";
    const { code } = await card(other, 5_000);
    for (const apply of [true, false]) {
      const refused = await post(confirmPath(slot.id), cookie, code, apply);
      expect(refused.status).toBe(409);
      expect(refused.data.result.error.giftCardCode).toEqual(["confirm.giftCardCurrency"]);
      expect(refused.data.giftCard.currency).toBe(other);
    }
    expect(await db().select().from(bookings).where(eq(bookings.userId, user.uid))).toEqual([]);
  });
});

describe("confirm: a gift card of the traveller's own (issue 39, item 14)", () => {
  it("is offered by itself, ticked (the loader names it); paying with it ticked spends it; another's id is refused", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    // Sent to this traveller's email: theirs without typing the code.
    const { card: own } = await issueGiftCard(db(), {
      accountId: null,
      currency: acme.currency,
      amountMinor: 700,
      purchaserId: null,
      recipientEmail: user.email,
    });
    const page = await outcome(() =>
      confirmRoute.loader(
        args(new Request(new URL(confirmPath(slot.id), ORIGIN), { headers: { Cookie: cookie } }), params()) as never,
      ),
    );
    expect(page.status).toBe(200);
    expect(page.data.walletCard).toMatchObject({ id: own.id, balanceMinor: 700, currency: acme.currency });

    const pay = (savedGiftCardId: string) => {
      const body = new URLSearchParams({
        intent: "pay",
        idempotencyKey: randomUUID(),
        operator: "acme",
        savedGiftCardId,
      });
      return outcome(() =>
        confirmRoute.action(
          args(
            new Request(new URL(confirmPath(slot.id), ORIGIN), {
              method: "POST",
              headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
              body,
            }),
            params(),
          ) as never,
        ),
      );
    };
    const { card: someoneElses } = await card(acme.currency, 900);
    const refused = await pay(someoneElses.id);
    expect(refused.data.result.error.giftCardCode).toEqual(["confirm.giftCardInvalid"]);
    const paid = await pay(own.id);
    expect(paid.location).toMatch(/\/sandbox\/checkout\//);
    const [booking] = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect(booking.giftCardMinor).toBe(700);
  });
});
