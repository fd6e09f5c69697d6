import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { services } from "~api/db/schema";
import { runDueWork } from "~api/jobs/due-work";
import {
  bookingWorld,
  bookingBody,
  bookingRow,
  bookingUser,
  placeBooking,
  withAdultPrice,
} from "../../support/booking";
import { onFakeStripe } from "../../support/payout-accounts";
import { sendStripeWebhook, stripeEvent } from "../../support/stripe-events";
import type { StripeObject } from "../../support/fake-stripe";
import { outboxFor } from "../../support/identity";
import { checkLedgerAfterEach } from "../../support/ledger";
import { departureIn, moveClockTo } from "../../support/payouts";

/** Deposits on Stripe (issue 46, item 5): the deposit's Checkout keeps the card; the balance is an off-session PaymentIntent, once. */
const { db, acme } = bookingWorld();
checkLedgerAfterEach(db);

const DAY = 86_400_000;
const stripe = onFakeStripe(db);

beforeAll(async () => {
  await db()
    .update(services)
    .set({ depositKind: "percent", depositValue: 2_500, depositMinDays: 30, balanceDueDays: 14 })
    .where(eq(services.id, acme.serviceId));
});

/** Stripe says the Checkout completed. */
const completed = (session: StripeObject) => sendStripeWebhook(stripeEvent("checkout.session.completed", session));

const sessionIdOf = (checkoutUrl: string) => /\/c\/pay\/(cs_test_[a-f0-9]+)$/.exec(checkoutUrl)![1];
const offSessionIntents = (bookingId: string) =>
  stripe().requests.filter(
    (request) =>
      request.method === "POST" &&
      request.path === "/v1/payment_intents" &&
      (request.params.metadata as Record<string, string> | undefined)?.bookingId === bookingId,
  );

/** A $900.00 booking 60 days away, its deposit's Checkout completed with a card ending `last4`. */
async function paidDeposit(days: number, last4 = "4242") {
  const user = await bookingUser(acme);
  const slot = await departureIn(db(), acme, days * 24);
  const placed = await withAdultPrice(db(), acme, 87_379, () =>
    placeBooking(user.idToken, bookingBody(acme, slot.id, 1)),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id: string = placed.body.data.booking.id;
  const session = stripe().sessions.get(sessionIdOf(placed.body.data.checkoutUrl))!;
  expect(session).toMatchObject({
    amount_total: 22_500,
    customer_creation: "always",
    payment_intent_data_params: { setup_future_usage: "off_session" },
  });
  expect((await completed(stripe().complete(session.id as string, { last4 }))).status).toBe(200);
  return { user, slot, id };
}

describe("deposits on Stripe", () => {
  it("$225.00 through Checkout (the card kept), $675.00 off-session at its time, once", async () => {
    const { id, slot } = await paidDeposit(60);
    const booked = await bookingRow(db(), id);
    expect(booked).toMatchObject({ status: "confirmed", balanceState: "due" });
    expect(booked.balanceCard?.providerCustomer).toMatch(/^cus_/);

    await moveClockTo(new Date(slot.startsAt.getTime() - 14 * DAY + 60_000));
    await Promise.all([runDueWork(db()), runDueWork(db())]);
    await runDueWork(db());
    const intents = offSessionIntents(id);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({
      idempotencyKey: `balance_${id}`,
      params: { amount: "67500", off_session: "true", confirm: "true", customer: booked.balanceCard!.providerCustomer },
    });
    expect(await bookingRow(db(), id)).toMatchObject({ balanceState: "paid" });
  });

  it("a declined off-session charge emails the payment link", async () => {
    const { user, id, slot } = await paidDeposit(75, "0002");
    await moveClockTo(new Date(slot.startsAt.getTime() - 14 * DAY + 60_000));
    expect(await bookingRow(db(), id)).toMatchObject({ balanceState: "failed" });
    const links = (await outboxFor(user.email)).filter((mail) => mail.kind === "balance_payment_link");
    expect(links).toHaveLength(1);
  });
});
