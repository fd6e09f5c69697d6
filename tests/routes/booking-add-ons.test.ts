import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingRefunds, bookings, experienceAddOns } from "~api/db/schema";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import * as consoleBooking from "~/routes/_console.console.bookings.$bookingId";
import { bookingWorld, bookingUser, confirmedBooking, createSlot } from "../support/booking";
import { consoleLoad, consolePost, memberOf } from "../support/console-routes";
import { args, outcome, pageRequest, sessionFor } from "../support/routes";

/** The pay page sells the add-ons (issue 46, item 2): a quantity each in the address, priced, booked. Without JavaScript. */
const { db, acme } = bookingWorld();
const WETSUIT = "ao_route_wetsuit";
const BOTTLE = "ao_route_bottle";

beforeAll(async () => {
  await db()
    .insert(experienceAddOns)
    .values([
      {
        id: WETSUIT,
        experienceId: acme.experienceId,
        name: "Wetsuit",
        priceMinor: 800,
        per: "guest",
        stockPerDeparture: 1,
      },
      { id: BOTTLE, experienceId: acme.experienceId, name: "Bottle", priceMinor: 2500, per: "booking", position: 1 },
    ]);
});

const confirmPath = (slotId: string, extra = "") =>
  `/experiences/${acme.experienceId}/${acme.serviceId}/confirm?slot=${slotId}&t_${acme.adult.id}=2${extra}`;
const params = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });
const load = (path: string, cookie: string) =>
  outcome(() => confirmRoute.loader(args(pageRequest(path, { cookie }), params()) as never));
const place = (path: string, cookie: string) =>
  outcome(() =>
    confirmRoute.action(
      args(pageRequest(path, { cookie, form: { idempotencyKey: randomUUID(), operator: "acme" } }), params()) as never,
    ),
  );

describe("the pay page's add-ons", () => {
  it("offers them; the chosen ones are priced and kept in the address; Pay books them; sold out is said, nothing booked", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const [user, other] = await Promise.all([bookingUser(acme), bookingUser(acme)]);
    const cookie = await sessionFor(user);
    const plain = await load(confirmPath(slot.id), cookie);
    expect(plain.status).toBe(200);
    expect(plain.data.quote.addOnsOffered).toMatchObject([
      { id: WETSUIT, left: 1 },
      { id: BOTTLE, left: null },
    ]);

    const chosen = `&addon_${WETSUIT}=1&addon_${BOTTLE}=1`;
    const page = await load(confirmPath(slot.id, chosen), cookie);
    expect(page.data.quote.breakdown.subtotalMinor).toBe(2 * acme.adult.priceMinor + 800 + 2500);
    expect(page.data.selectionQuery).toContain(`addon_${WETSUIT}=1`);
    // More than a per-guest add-on's guests, by hand in the address: priced without add-ons, not an error.
    const tooMany = await load(confirmPath(slot.id, `&addon_${WETSUIT}=3`), cookie);
    expect(tooMany.status).toBe(200);
    expect(tooMany.data.quote.breakdown.addOns).toEqual([]);

    const booked = await place(confirmPath(slot.id, chosen), cookie);
    expect(booked.status).toBe(302);
    const [row] = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect(row.addOns).toMatchObject([
      { addOnId: WETSUIT, quantity: 1, unitPriceMinor: 800 },
      { addOnId: BOTTLE, quantity: 1, unitPriceMinor: 2500 },
    ]);

    // The only wetsuit is held: another traveller is told, and nothing is booked for them.
    const refused = await place(confirmPath(slot.id, `&addon_${WETSUIT}=1`), await sessionFor(other));
    expect(refused.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual(["apiErrors.add_on_sold_out"]);
    expect(await db().select().from(bookings).where(eq(bookings.userId, other.uid))).toEqual([]);
  });
});

describe("the console's refund form and the add-ons", () => {
  it("offers to refund an add-on: its link fills the amount and the reason in; sent, that much is refunded", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const guest = await bookingUser(acme);
    const booked = await confirmedBooking(guest, acme, slot.id, 2, {
      extra: { addOns: [{ addOnId: BOTTLE, quantity: 1 }] },
    });
    const manager = await memberOf(db(), "manager");
    const path = `/console/bookings/${booked.id}`;
    const params = { bookingId: booked.id };
    const plain = await consoleLoad(consoleBooking, path, manager.cookie, params);
    expect(plain.data.page.money.addOns).toEqual([{ addOnId: BOTTLE, name: "Bottle", quantity: 1, totalMinor: 2500 }]);
    expect(plain.data.addOnRefund).toBeNull();
    const filled = await consoleLoad(consoleBooking, `${path}?refundAddOn=${BOTTLE}`, manager.cookie, params);
    expect(filled.data.addOnRefund).toEqual({ amount: "25.00", reason: "The add-on Bottle × 1 refunded" });
    const sent = await consolePost(
      consoleBooking,
      path,
      manager.cookie,
      {
        ...filled.data.addOnRefund,
        alreadyRefundedMinor: "0",
        idempotencyKey: filled.data.idempotencyKey,
      },
      params,
    );
    expect(sent.status).toBe(302);
    const [refund] = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booked.id));
    expect(refund.amountMinor).toBe(2500);
  });
});
