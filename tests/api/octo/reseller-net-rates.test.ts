import "../../support/env";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, resellerNetRates } from "~api/db/schema";
import { bookingWorld, createSlot, findService, type TestService } from "../../support/booking";
import { v1 } from "../../support/client";
import { octo, octoAvailabilityId, octoBooking, resellerWithKey, type TestReseller } from "../../support/octo";
import { asMember, auditEntries, syncedMember } from "../../support/operator";

/**
 * Resellers' net rates (issue 47): a fixed net a ticket of a ticket type instead of the retail less
 * the commission; listed with every ticket type the reseller may sell, set all at once (audited),
 * answered as OCTO's `net`, and fixed on a booking when it is confirmed (the statement keeps it).
 */
const { db, acme } = bookingWorld();
let reseller: TestReseller;
let harbor: TestService;

const COMMISSION_BPS = 2000;
const commissionNet = (retail: number) => Math.round((retail * (10_000 - COMMISSION_BPS)) / 10_000);

beforeAll(async () => {
  reseller = await resellerWithKey(db(), "acme", { commissionBps: COMMISSION_BPS });
  harbor = await findService(db(), "harbor");
});

const read = (token: string, resellerId = reseller.id, account = "acme") =>
  v1.operatorResellerNetRates({ params: { resellerId }, ...asMember(token, { account }) });
const set = (token: string, rates: unknown, resellerId = reseller.id, account = "acme") =>
  v1.operatorSetResellerNetRates({
    params: { resellerId },
    ...asMember(token, { account, body: { rates } }),
  });

describe("a reseller's net rates", () => {
  it("lists every ticket type it may sell with its retail price, none rated; sets them all at once, audited", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const before = await read(manager.idToken);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const lines = before.body.data.lines as { ticketTypeId: string; retailMinor: number; netMinor: number | null }[];
    expect(before.body.data).toMatchObject({
      reseller: { id: reseller.id, commissionBps: COMMISSION_BPS },
      currency: acme.currency,
    });
    const adult = lines.find((line) => line.ticketTypeId === acme.adult.id);
    expect(adult).toMatchObject({
      experienceId: acme.experienceId,
      serviceId: acme.serviceId,
      ticketTypeName: acme.adult.name,
      retailMinor: acme.adult.priceMinor,
      netMinor: null,
    });
    expect(lines.every((line) => line.netMinor === null)).toBe(true);
    expect(lines.some((line) => line.ticketTypeId === harbor.adult.id)).toBe(false);

    const rate = acme.adult.priceMinor - 500;
    const saved = await set(manager.idToken, [{ ticketTypeId: acme.adult.id, netMinor: rate }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rated = saved.body.data.lines.filter((line: { netMinor: number | null }) => line.netMinor !== null);
    expect(rated).toEqual([expect.objectContaining({ ticketTypeId: acme.adult.id, netMinor: rate })]);
    expect((await read(manager.idToken)).body.data.lines).toEqual(saved.body.data.lines);
    const [entry] = await auditEntries(db(), "reseller.net_rates_set", manager.uid);
    expect(entry.target).toMatchObject({ resellerId: reseller.id, count: "1", rates: `${acme.adult.id}=${rate}` });

    // All at once: a list without it leaves it with none.
    expect((await set(manager.idToken, [])).status).toBe(200);
    expect(await db().select().from(resellerNetRates).where(eq(resellerNetRates.resellerId, reseller.id))).toEqual([]);
  });

  it("refuses on its field a ticket type it may not sell, one given twice, a rate above the price or not a whole number", async () => {
    const owner = reseller.ownerToken;
    const cases: [unknown, string][] = [
      [[{ ticketTypeId: harbor.adult.id, netMinor: 1 }], "rates.0.ticketTypeId"],
      [[{ ticketTypeId: "tt_nosuch", netMinor: 1 }], "rates.0.ticketTypeId"],
      [
        [
          { ticketTypeId: acme.adult.id, netMinor: 1 },
          { ticketTypeId: acme.adult.id, netMinor: 2 },
        ],
        "rates.1.ticketTypeId",
      ],
      [[{ ticketTypeId: acme.adult.id, netMinor: acme.adult.priceMinor + 1 }], "rates.0.netMinor"],
      [[{ ticketTypeId: acme.adult.id, netMinor: -1 }], "rates.0.netMinor"],
      [[{ ticketTypeId: acme.adult.id, netMinor: 1.5 }], "rates.0.netMinor"],
      [[{ ticketTypeId: acme.adult.id }], "rates.0.netMinor"],
    ];
    for (const [rates, field] of cases) {
      const refused = await set(owner, rates);
      expect(refused.status, JSON.stringify(rates)).toBe(400);
      expect(Object.keys(refused.body.error.fields ?? {}), JSON.stringify(refused.body)).toContain(field);
    }
    expect(await db().select().from(resellerNetRates).where(eq(resellerNetRates.resellerId, reseller.id))).toEqual([]);
  });

  it("another operator's reseller is 404; a guide 403; signed out 401", async () => {
    const harbors = await syncedMember(db(), "harbor", "owner");
    expect((await read(harbors.idToken, reseller.id, "harbor")).status).toBe(404);
    expect((await set(harbors.idToken, [], reseller.id, "harbor")).status).toBe(404);
    const guide = await syncedMember(db(), "acme", "guide");
    expect((await read(guide.idToken)).status).toBe(403);
    expect((await set(guide.idToken, [])).status).toBe(403);
    expect((await v1.operatorResellerNetRates({ params: { resellerId: reseller.id } })).status).toBe(401);
  });

  it("OCTO's net is the rate; a booking keeps the net it was confirmed under, in OCTO and in the statement", async () => {
    const rate = Math.floor(acme.adult.priceMinor / 2);
    expect((await set(reseller.ownerToken, [{ ticketTypeId: acme.adult.id, netMinor: rate }])).status).toBe(200);
    const product = await octo(reseller.key, `/products/${acme.experienceId}`, { pricing: true });
    const option = product.body.options.find((candidate: { id: string }) => candidate.id === acme.serviceId);
    const unit = option.units.find((candidate: { id: string }) => candidate.id === acme.adult.id);
    expect(unit.pricingFrom[0]).toMatchObject({ retail: acme.adult.priceMinor, net: rate });
    if (acme.child) {
      const child = option.units.find((candidate: { id: string }) => candidate.id === acme.child!.id);
      expect(child.pricingFrom[0].net).toBe(commissionNet(acme.child.priceMinor));
    }

    const slot = await createSlot(db(), acme.serviceId, { capacity: 20, startsInHours: 72 });
    const zone = product.body.timeZone as string;
    const availabilityId = octoAvailabilityId(slot.startsAt, zone);
    const first = await octoBooking(db(), reseller.key, acme, availabilityId, { adults: 2, reference: "NET-1" });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, first.id));
    // Two rated tickets at the rate; what the total holds beyond their price (fees, taxes) less the commission.
    const firstNet = 2 * rate + commissionNet(row.totalMinor - 2 * acme.adult.priceMinor);
    expect(row.resellerNetMinor).toBe(firstNet);
    const view = await octo(reseller.key, `/bookings/${first.uuid}`, { pricing: true });
    expect(view.body.pricing).toMatchObject({ retail: row.totalMinor, net: firstNet });
    expect(view.body.unitItems[0].pricing).toMatchObject({ retail: acme.adult.priceMinor, net: rate });

    // New terms: the confirmed booking keeps its net; one confirmed now gets the new terms.
    expect((await set(reseller.ownerToken, [])).status).toBe(200);
    const second = await octoBooking(db(), reseller.key, acme, availabilityId, { adults: 2, reference: "NET-2" });
    const month = DateTime.fromJSDate(slot.startsAt, { zone }).toFormat("yyyy-MM");
    const statement = await v1.operatorResellerStatement({
      params: { resellerId: reseller.id },
      query: { month },
      ...asMember(reseller.ownerToken, { account: "acme" }),
    });
    const byId = new Map(
      statement.body.data.lines.map((line: { bookingId: string; netMinor: number; retailMinor: number }) => [
        line.bookingId,
        line,
      ]),
    );
    expect(byId.get(first.id)).toMatchObject({ retailMinor: row.totalMinor, netMinor: firstNet });
    expect(byId.get(first.id)).toMatchObject({ commissionMinor: row.totalMinor - firstNet });
    expect(byId.get(second.id)).toMatchObject({ netMinor: commissionNet(row.totalMinor) });
  });
});
