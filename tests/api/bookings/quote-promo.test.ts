import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { priceBreakdown } from "~contract/bookings/pricing";
import { promoCodes } from "~api/db/schema";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { createSlot, findService, type TestService } from "../../support/booking";
import { v1 } from "../../support/client";

const { db } = seedDbForThisFile();

let acme: TestService;
let harbor: TestService;
beforeAll(async () => {
  acme = await findService(db(), "acme");
  harbor = await findService(db(), "harbor");
  // PostgreSQL keeps rows between files and runs (the seed replaces only its own codes).
  await db()
    .delete(promoCodes)
    .where(inArray(promoCodes.code, ["ENDED", "LATER", "USED-UP", "BIGEURO"]));
  await db()
    .insert(promoCodes)
    .values([
      { code: "ENDED", percentOff: 20, validTo: new Date(Date.now() - 86_400_000) },
      { code: "LATER", percentOff: 20, validFrom: new Date(Date.now() + 86_400_000) },
      { code: "USED-UP", percentOff: 20, maxRedemptions: 2, redemptions: 2 },
      { code: "BIGEURO", amountOffMinor: 100_000, currency: "EUR" },
    ]);
});

const quote = (body: Record<string, unknown>, account?: string) => v1.quote({ body, account });

describe("POST /v1/bookings/quote", () => {
  it("prices tickets with pricing.ts and tells the seats left (no sign-in needed)", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 12, seatsLeft: 7 });
    const tickets = [
      { ticketTypeId: acme.adult.id, quantity: 2 },
      ...(acme.child ? [{ ticketTypeId: acme.child.id, quantity: 1 }] : []),
    ];
    const res = await quote({ serviceId: acme.serviceId, slotId: slot.id, tickets });
    expect(res.status).toBe(200);
    const priced = [
      { ticketTypeId: acme.adult.id, name: acme.adult.name, unitPriceMinor: acme.adult.priceMinor, quantity: 2 },
      ...(acme.child
        ? [{ ticketTypeId: acme.child.id, name: acme.child.name, unitPriceMinor: acme.child.priceMinor, quantity: 1 }]
        : []),
    ];
    expect(res.body).toEqual({
      data: {
        breakdown: priceBreakdown(priced, null),
        currency: "USD",
        promo: null,
        referral: null,
        seatsLeft: 7,
        // Not sold as a private departure, no deposit asked (issue 46).
        privateSale: null,
        deposit: null,
        startsAt: slot.startsAt.toISOString(),
        endsAt: slot.endsAt.toISOString(),
        timezone: acme.timezone,
        freeCancellationUntil: new Date(slot.startsAt.getTime() - acme.cutoffHours * 3_600_000).toISOString(),
        // Nobody asked: who may book is not known yet.
        missing: ["sign_in"],
        // Nor whose bookings of the departure to mention.
        yourBookings: [],
        // acme's experience asks no booking questions; its guests in ticket order.
        questions: [],
        guests: [
          { guestNo: 1, code: "adult", name: acme.adult.name },
          { guestNo: 2, code: "adult", name: acme.adult.name },
          ...(acme.child ? [{ guestNo: 3, code: "child", name: acme.child.name }] : []),
        ],
        addOnsOffered: [],
        pickupPoints: { required: false, points: [] },
      },
    });
    const { breakdown } = res.body.data;
    expect(breakdown.totalMinor).toBe(
      breakdown.subtotalMinor - breakdown.discountMinor + breakdown.feesMinor + breakdown.taxMinor,
    );
    expect(breakdown.feesMinor).toBe(Math.round(breakdown.subtotalMinor * 0.03));
  });

  it("a valid promo code discounts; an unknown, expired or other operator's code is valid: false, not an error", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const tickets = [{ ticketTypeId: acme.adult.id, quantity: 3 }];
    const base = { serviceId: acme.serviceId, slotId: slot.id, tickets };
    const priced = [
      { ticketTypeId: acme.adult.id, name: acme.adult.name, unitPriceMinor: acme.adult.priceMinor, quantity: 3 },
    ];

    const welcome = await quote({ ...base, promoCode: " welcome10 " });
    expect(welcome.body.data.promo).toEqual({ code: "WELCOME10", valid: true });
    expect(welcome.body.data.breakdown).toEqual(
      priceBreakdown(priced, { code: "WELCOME10", percentOff: 10, amountOffMinor: null }),
    );

    const acme5 = await quote({ ...base, promoCode: "ACME5" });
    expect(acme5.body.data.promo).toEqual({ code: "ACME5", valid: true });
    expect(acme5.body.data.breakdown.discountMinor).toBe(500);

    for (const code of ["NOPE", "ENDED", "LATER", "USED-UP", "BIGEURO", "x"]) {
      const res = await quote({ ...base, promoCode: code });
      expect(res.status, code).toBe(200);
      expect(res.body.data.promo).toEqual({ code: code.toUpperCase(), valid: false });
      expect(res.body.data.breakdown).toEqual(priceBreakdown(priced, null));
    }
    expect((await quote({ ...base, promoCode: "" })).body.data.promo).toBeNull();

    const harborSlot = await createSlot(db(), harbor.serviceId);
    const other = await quote({
      serviceId: harbor.serviceId,
      slotId: harborSlot.id,
      tickets: [{ ticketTypeId: harbor.adult.id, quantity: 1 }],
      promoCode: "ACME5",
    });
    expect(other.body.data).toMatchObject({ currency: "EUR", promo: { code: "ACME5", valid: false } });
    const big = await quote({
      serviceId: harbor.serviceId,
      slotId: harborSlot.id,
      tickets: [{ ticketTypeId: harbor.adult.id, quantity: 1 }],
      promoCode: "BIGEURO",
    });
    // An amount off is never more than the subtotal.
    expect(big.body.data.breakdown).toMatchObject({
      discountMinor: harbor.adult.priceMinor,
      feesMinor: 0,
      totalMinor: 0,
    });
  });

  it("400 for bad tickets; 404 for an unknown, other-service or started slot and an unknown service", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const base = { serviceId: acme.serviceId, slotId: slot.id };
    const bad: Array<[unknown, string]> = [
      [[], "tickets"],
      [[{ ticketTypeId: acme.adult.id, quantity: 0 }], "tickets"],
      [[{ ticketTypeId: acme.adult.id, quantity: 21 }], "tickets.0.quantity"],
      [[{ ticketTypeId: acme.adult.id, quantity: 1.5 }], "tickets.0.quantity"],
      [[{ ticketTypeId: acme.adult.id, quantity: -1 }], "tickets.0.quantity"],
      [
        [
          { ticketTypeId: acme.adult.id, quantity: 11 },
          { ticketTypeId: acme.child?.id ?? "x", quantity: 10 },
        ],
        "tickets",
      ],
      [
        [
          { ticketTypeId: acme.adult.id, quantity: 1 },
          { ticketTypeId: acme.adult.id, quantity: 1 },
        ],
        "tickets.1.ticketTypeId",
      ],
      [[{ ticketTypeId: harbor.adult.id, quantity: 1 }], "tickets.0.ticketTypeId"],
      ["two", "tickets"],
    ];
    for (const [tickets, field] of bad) {
      const error = expectEnvelope(await quote({ ...base, tickets }), 400, "validation_error");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(tickets)).toContain(
        field === "tickets" && !error.fields?.tickets ? "tickets._" : field,
      );
    }
    const tickets = [{ ticketTypeId: acme.adult.id, quantity: 1 }];
    expectEnvelope(await quote({ ...base, slotId: "no-such-slot", tickets }), 404, "slot_not_found");
    const harborSlot = await createSlot(db(), harbor.serviceId);
    expectEnvelope(await quote({ ...base, slotId: harborSlot.id, tickets }), 404, "slot_not_found");
    const started = await createSlot(db(), acme.serviceId, { startsInHours: -1 });
    expectEnvelope(await quote({ ...base, slotId: started.id, tickets }), 404, "slot_not_found");
    expectEnvelope(await quote({ ...base, serviceId: "sv-nope", tickets }), 404, "not_found");
    expectEnvelope(await quote({ ...base, tickets }, "harbor"), 404, "not_found");
    expect((await quote({ ...base, tickets }, "acme")).status).toBe(200);
    expect((await v1.booking({ params: { id: "quote" } })).status).toBe(405);
  });

  it("a sold-out slot is quoted with seatsLeft 0 (the booking itself is refused)", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 5, seatsLeft: 0 });
    const res = await quote({
      serviceId: acme.serviceId,
      slotId: slot.id,
      tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.seatsLeft).toBe(0);
  });
});

describe("GET /v1/promo-codes/{code}", () => {
  it("finds a usable code, case-insensitively, for the service's operator", async () => {
    const res = await v1.promoCode({ params: { code: "welcome10" }, query: { serviceId: harbor.serviceId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { code: "WELCOME10", percentOff: 10, amountOffMinor: null } });
    expect((await v1.promoCode({ params: { code: "FALL10" } })).body.data).toEqual({
      code: "FALL10",
      percentOff: 10,
      amountOffMinor: null,
    });
    expect((await v1.promoCode({ params: { code: "acme5" }, query: { serviceId: acme.serviceId } })).body.data).toEqual(
      {
        code: "ACME5",
        percentOff: null,
        amountOffMinor: 500,
      },
    );
    expect((await v1.promoCode({ params: { code: "ACME5" }, account: "acme" })).status).toBe(200);
  });

  it("404 promo_not_found when unknown or not usable for that operator or date; 400 when malformed", async () => {
    expectEnvelope(
      await v1.promoCode({ params: { code: "ACME5" }, query: { serviceId: harbor.serviceId } }),
      404,
      "promo_not_found",
    );
    expectEnvelope(await v1.promoCode({ params: { code: "ACME5" } }), 404, "promo_not_found");
    expectEnvelope(await v1.promoCode({ params: { code: "ACME5" }, account: "harbor" }), 404, "promo_not_found");
    for (const code of ["NOPE", "ENDED", "LATER", "USED-UP"]) {
      expectEnvelope(
        await v1.promoCode({ params: { code }, query: { serviceId: acme.serviceId } }),
        404,
        "promo_not_found",
      );
    }
    expectEnvelope(await v1.promoCode({ params: { code: "A".repeat(40) } }), 400, "validation_error");
    expectEnvelope(
      await v1.promoCode({ params: { code: "ACME5" }, query: { serviceId: "sv-nope" } }),
      404,
      "not_found",
    );
  });
});
